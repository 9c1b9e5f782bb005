import type { SimilarAnswer } from '@pest/contracts';
import { useEffect, useState } from 'react';
import { appUrl } from '../../kernel/file-url';
import './advisory.css';

/** Fewer characters than this in the description: too little to compare, nothing is asked. */
const minTextLength = 4;

/**
 * "These may already answer you": up to three published cases and records that match
 * the crop and description the farmer typed, shown before the case is sent. `initial` is what the
 * page's loader or action found (`context.services.consultation.advisory.findSimilarAnswers`), so it works
 * without JavaScript; with it, the list follows the fields a moment after the farmer stops typing
 * (/api/info/advSimilar). Links open in a new window so nothing typed in the form is lost.
 */
export function SimilarAnswers({
  crop,
  text,
  initial = [],
}: {
  crop: string;
  text: string;
  initial?: readonly SimilarAnswer[];
}) {
  const [found, setFound] = useState<{ key: string; answers: readonly SimilarAnswer[] } | null>(null);
  const key = JSON.stringify([crop.trim(), text.trim()]);
  const ready = crop.trim() !== '' && [...text.trim()].length >= minTextLength;
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(appUrl('api/info/advSimilar'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ crop: crop.trim(), text: text.trim() }),
        signal: controller.signal,
      })
        .then((response) => (response.ok ? (response.json() as Promise<{ d: SimilarAnswer[] }>) : null))
        .then((body) => {
          if (body) setFound({ key, answers: body.d });
        })
        .catch(() => undefined);
    }, 600);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [crop, text, key, ready]);
  const answers = found?.key === key ? found.answers : ready || found === null ? initial : [];
  return (
    <div aria-live="polite">
      <SimilarAnswersList answers={answers} />
    </div>
  );
}

/** The list itself, for a page that has the answers already (nothing when there are none). */
export function SimilarAnswersList({ answers }: { answers: readonly SimilarAnswer[] }) {
  if (answers.length === 0) return null;
  return (
    <section className="similar-answers" aria-labelledby="similar-answers-heading">
      <h2 id="similar-answers-heading" className="similar-answers__heading">
        送出前看看：這些解答或許已能回答您的問題
      </h2>
      <ul className="similar-answers__list">
        {answers.map((answer) => (
          <li key={`${answer.kind}-${answer.id}`} className="similar-answers__item">
            <a href={appUrl(answer.path)} target="_blank" rel="noopener" className="similar-answers__link">
              {answer.thumb ? (
                <img
                  src={appUrl(answer.thumb)}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="similar-answers__thumb"
                />
              ) : null}
              <span className="similar-answers__text">
                <span className="similar-answers__kind">{answer.kind === 'case' ? '已回覆的諮詢' : '病蟲害資料'}</span>
                <span className="similar-answers__title">{answer.title}</span>
                <span className="similar-answers__summary">{answer.summary}</span>
              </span>
              <span className="visually-hidden">（另開新視窗）</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
