import { trustedHtml, type ConsultationCrop, type ConsultationLevel, type ConsultationOption } from '@pest/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { appUrl } from '../../kernel/file-url';
import { Breadcrumb } from '../../ui/breadcrumb';
import { SaveCrop } from '../../saved-crops';
import { NoData } from '../../ui/no-data';
import { SideMenu, WithSideMenu } from '../../ui/side-menu';
import { advisoryHref, finalLinkHref, wizardHref, wizardPictureSrcSet, wizardPictureUrl } from './wizard-links';
import './wizard.css';

export interface WizardStepData {
  crops: ConsultationCrop[];
  crop: ConsultationCrop | null;
  levels: ConsultationLevel[];
  level: ConsultationLevel | null;
  trail: Array<{ level: ConsultationLevel; option: ConsultationOption }>;
  options: ConsultationOption[];
  selectedId: number | null;
}

/** Shown wherever a step was written by this site's team rather than taken from the institute. */
export const teamAuthoredNotice = '此步驟為本站團隊所編，非機構原文。';
const newWindowHint = '（在新視窗開啟）';

/** A card's picture: the record picture at 4:3, sized before it loads so nothing moves. */
function CardPicture({ path }: { path: string }) {
  if (!path) return <span className="wizard-card__picture wizard-card__picture--empty" aria-hidden="true" />;
  const srcSet = wizardPictureSrcSet(path);
  return (
    <img
      className="wizard-card__picture"
      src={wizardPictureUrl(path)}
      {...(srcSet ? { srcSet, sizes: '(min-width: 992px) 200px, (min-width: 600px) 30vw, 45vw' } : {})}
      width={480}
      height={360}
      alt=""
      loading="lazy"
      decoding="async"
    />
  );
}

/**
 * The diagnosis wizard (decisions 0150–0152): the crop menu, and
 * either the crop choice or the current level of the chosen crop. Every step is an address, and
 * every control a link or a GET form, so it works before (and without) JavaScript.
 */
export function WizardPage({ step, feedbackFormUrl }: { step: WizardStepData; feedbackFormUrl: string }) {
  const { crops, crop } = step;
  return (
    <>
      <Breadcrumb
        items={crop ? [{ title: '病蟲害諮詢', link: wizardHref() }, { title: crop.cname }] : [{ title: '病蟲害諮詢' }]}
      />
      <WithSideMenu
        menu={
          <SideMenu
            label="諮詢作物"
            heading="作物"
            items={[
              ...crops.map((candidate) => ({
                key: String(candidate.id),
                label: candidate.cname,
                href: wizardHref(candidate.id),
                current: candidate.id === crop?.id,
              })),
              { key: 'advisory', label: '影像諮詢', href: advisoryHref, current: false },
            ]}
          />
        }
      >
        {crop ? <WizardSteps step={step} crop={crop} /> : <CropChoice crops={crops} />}
        <ExtraCards feedbackFormUrl={feedbackFormUrl} />
      </WithSideMenu>
    </>
  );
}

function CropChoice({ crops }: { crops: ConsultationCrop[] }) {
  return (
    <>
      <h1 className="page-title">病蟲害診斷</h1>
      <p className="wizard-hint">請先選擇作物，再依受害部位與看到的情形一步步找出可能的病蟲害。</p>
      {crops.length === 0 ? (
        <NoData message={trustedHtml`目前沒有可診斷的作物`} />
      ) : (
        <ul className="wizard-cards">
          {crops.map((crop) => (
            <li key={crop.id}>
              <Link to={wizardHref(crop.id)} className="wizard-card wizard-card--link">
                <CardPicture path={crop.pic2} />
                <span className="wizard-card__label">{crop.cname}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function WizardSteps({ step, crop }: { step: WizardStepData; crop: ConsultationCrop }) {
  const { levels, level, trail, options, selectedId } = step;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const trailIds = trail.map((item) => item.option.id);
  const stepKey = `${crop.id}:${level?.id ?? ''}:${selectedId ?? ''}:${trailIds.join('/')}`;
  // After a step changes without a page load, move focus to the new level's heading, so keyboard
  // and screen-reader users continue from there instead of from a button that was replaced.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [stepKey]);

  if (!level) {
    return (
      <>
        <h1 className="page-title">病蟲害診斷：{crop.cname}</h1>
        <NoData message={trustedHtml`這個作物的診斷步驟尚在整理中`} />
      </>
    );
  }
  const teamAuthored = options.filter((option) => option.team_authored).length;
  const previousHref = level.position > 1 ? wizardHref(crop.id, trailIds, level.position - 1) : null;
  // Previous keeps the choice made on the level before (decision 0151); restart is level 1.
  const backLinks = (
    <>
      {previousHref ? (
        <Link to={previousHref} className="button">
          上一步
        </Link>
      ) : null}
      {level.position > 1 ? (
        <Link to={wizardHref(crop.id)} className="button">
          重新診斷
        </Link>
      ) : null}
    </>
  );
  const heading = (
    <h2 id="wizard-level-heading" className="wizard-level__title" ref={headingRef} tabIndex={-1}>
      第 {level.position} 步：{level.name}
    </h2>
  );
  return (
    <>
      <h1 className="page-title">病蟲害診斷：{crop.cname}</h1>
      {level.position === 1 ? <SaveCrop cropName={crop.cname} /> : null}
      <ol className="wizard-progress" aria-label="診斷步驟">
        {levels.map((item) => (
          <li key={item.id} className="wizard-progress__step" aria-current={item.id === level.id ? 'step' : undefined}>
            {item.position < level.position ? (
              <Link to={wizardHref(crop.id, trailIds.slice(0, item.position), item.position)}>
                {item.position}. {item.name}
                <span className="wizard-progress__choice">：{trail[item.position - 1]?.option.label}</span>
              </Link>
            ) : (
              <span>
                {item.position}. {item.name}
              </span>
            )}
          </li>
        ))}
      </ol>
      {teamAuthored > 0 ? (
        <p className="wizard-note" role="note">
          {teamAuthored < options.length ? '標示「團隊編寫」的選項：' : ''}
          {teamAuthoredNotice}
        </p>
      ) : null}
      {level.last ? (
        <FinalLevel
          heading={heading}
          stepHref={wizardHref(crop.id, trailIds, level.position)}
          options={options}
          mixed={teamAuthored > 0 && teamAuthored < options.length}
          backLinks={backLinks}
        />
      ) : (
        <ChoiceLevel
          key={`${level.id}:${selectedId ?? ''}`}
          heading={heading}
          crop={crop}
          level={level}
          trailIds={trailIds}
          options={options}
          selectedId={selectedId}
          mixed={teamAuthored > 0 && teamAuthored < options.length}
          backLinks={backLinks}
        />
      )}
    </>
  );
}

function TeamTag({ show }: { show: boolean }) {
  return show ? <span className="wizard-card__tag">團隊編寫</span> : null;
}

/**
 * A level whose choice leads on: one radio card per option in a GET form, so the choice becomes
 * the next step's address. Next stays disabled until a card is chosen once the page runs
 * JavaScript; before that, `required` stops an empty submission.
 */
function ChoiceLevel({
  heading,
  crop,
  level,
  trailIds,
  options,
  selectedId,
  mixed,
  backLinks,
}: {
  heading: ReactNode;
  backLinks: ReactNode;
  crop: ConsultationCrop;
  level: ConsultationLevel;
  trailIds: number[];
  options: ConsultationOption[];
  selectedId: number | null;
  mixed: boolean;
}) {
  const [hydrated, setHydrated] = useState(false);
  const [choice, setChoice] = useState<number | null>(selectedId);
  useEffect(() => setHydrated(true), []);
  const waiting = hydrated && choice === null;
  // Next leaves this step's entry in the history with the choice in its address, so the
  // browser's Back returns to the step as it was left (decision 0372); the router reads the
  // address when it goes back, and this step needs no new request now.
  const keepChoice = () => {
    if (choice === null) return;
    const here = appUrl(wizardHref(crop.id, [...trailIds, choice], level.position));
    window.history.replaceState(window.history.state, '', here);
  };
  return (
    <Form method="get" action={wizardHref()} className="wizard-level" onSubmit={keepChoice}>
      <input type="hidden" name="id" value={crop.id} />
      <input type="hidden" name="level" value={level.position + 1} />
      {trailIds.map((id) => (
        <input key={id} type="hidden" name="o" value={id} />
      ))}
      <fieldset className="wizard-level__fieldset">
        <legend className="wizard-level__legend">{heading}</legend>
        <p className="wizard-hint" id="wizard-choice-hint">
          請選擇最符合的一項，再按「下一步」。
        </p>
        {options.length === 0 ? (
          <NoData message={trustedHtml`這一步沒有選項`} />
        ) : (
          <ul className="wizard-cards">
            {options.map((option) => (
              <li key={option.id}>
                <label className="wizard-card wizard-card--choice">
                  <input
                    className="wizard-card__radio"
                    type="radio"
                    name="o"
                    value={option.id}
                    required
                    defaultChecked={option.id === selectedId}
                    onChange={() => setChoice(option.id)}
                  />
                  <CardPicture path={option.pic} />
                  <span className="wizard-card__label">{option.label}</span>
                  <TeamTag show={mixed && option.team_authored} />
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <p className="wizard-actions wizard-actions--choice">
        {backLinks}
        <button
          type="submit"
          className="button button--primary"
          disabled={waiting}
          aria-describedby={waiting ? 'wizard-choice-hint' : undefined}
        >
          下一步
        </button>
      </p>
    </Form>
  );
}

/** The last level: each card opens the record, or the IPM sheet when its label says IPM. */
function FinalLevel({
  heading,
  stepHref,
  options,
  mixed,
  backLinks,
}: {
  heading: ReactNode;
  stepHref: string;
  options: ConsultationOption[];
  mixed: boolean;
  backLinks: ReactNode;
}) {
  return (
    <section className="wizard-level" aria-labelledby="wizard-level-heading">
      {heading}
      <p className="wizard-hint">點選最相似的一項，查看它的資料與防治方法。</p>
      <ul className="wizard-cards">
        {options.map((option) =>
          option.link ? (
            <li key={option.id}>
              <Link to={finalLinkHref(option.link, stepHref)} className="wizard-card wizard-card--link">
                <CardPicture path={option.pic} />
                <span className="wizard-card__label">{option.label}</span>
                <span className="wizard-card__kind">
                  {option.link.startsWith('/IPM/') ? 'IPM 技術資料' : '病蟲害資料'}
                </span>
                <TeamTag show={mixed && option.team_authored} />
              </Link>
            </li>
          ) : null,
        )}
      </ul>
      <p className="wizard-actions">{backLinks}</p>
    </section>
  );
}

/**
 * The extra cards of every step: image consultation when nothing fits, and the
 * questionnaire — the site's feedback form (decision 0152).
 */
function ExtraCards({ feedbackFormUrl }: { feedbackFormUrl: string }) {
  return (
    <section className="wizard-extra" aria-labelledby="wizard-extra-heading">
      <h2 id="wizard-extra-heading" className="wizard-extra__title">
        找不到相似的結果？
      </h2>
      <ul className="wizard-cards wizard-cards--extra">
        <li>
          <Link to={advisoryHref} className="wizard-card wizard-card--extra">
            <span className="wizard-card__label">無相似結果，前往影像諮詢</span>
            <span className="wizard-card__kind">上傳照片，請專家協助判斷</span>
          </Link>
        </li>
        {feedbackFormUrl ? (
          <li>
            <a
              href={feedbackFormUrl.startsWith('/') ? appUrl(feedbackFormUrl) : feedbackFormUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="wizard-card wizard-card--extra"
            >
              <span className="wizard-card__label">填寫問卷</span>
              <span className="wizard-card__kind">
                告訴我們這次診斷是否有幫助<span className="visually-hidden">{newWindowHint}</span>
              </span>
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
