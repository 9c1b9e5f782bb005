import { discussionMessages, type DiscussionSession } from '@pest/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { callDiscussionApi } from './discussion-api';

const linkPending = 'pest-line-link-pending';

/**
 * Signing in to the area. Inside LINE the LIFF SDK — fetched only here — gives an ID
 * token, which the server verifies and exchanges for its own session; outside LINE the button
 * goes through LINE Login. In demo mode the local identity provider signs a test identity's token,
 * which takes the same road.
 */
export function DiscussionSignIn({
  session,
  purpose = 'session',
}: {
  session: DiscussionSession;
  purpose?: 'session' | 'link';
}) {
  const revalidator = useRevalidator();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameId = useId();
  const problemId = useId();

  const exchange = async (idToken: string) => {
    await callDiscussionApi(purpose === 'link' ? 'link' : 'session', { idToken });
    await revalidator.revalidate();
  };

  useEffect(() => {
    if (session.mode !== 'line' || !session.liffId) return;
    // On /member the SDK is fetched only when coming back from the LINE login this button started.
    if (purpose === 'link' && window.sessionStorage.getItem(linkPending) === null) return;
    window.sessionStorage.removeItem(linkPending);
    let cancelled = false;
    void (async () => {
      try {
        const { default: liff } = await import('@line/liff');
        await liff.init({ liffId: session.liffId ?? '' });
        if (cancelled || !liff.isLoggedIn()) return;
        const idToken = liff.getIDToken();
        if (idToken) await exchange(idToken);
      } catch (error) {
        if (!cancelled) setProblem(error instanceof Error ? error.message : discussionMessages.tokenInvalid);
      }
    })();
    return () => {
      cancelled = true;
    };
    // Once per page: the LIFF app is the same for the whole visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session.mode, session.liffId, purpose]);

  const lineLogin = async () => {
    setBusy(true);
    try {
      const { default: liff } = await import('@line/liff');
      await liff.init({ liffId: session.liffId ?? '' });
      if (purpose === 'link') window.sessionStorage.setItem(linkPending, '1');
      liff.login({ redirectUri: window.location.href });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : discussionMessages.tokenInvalid);
      setBusy(false);
    }
  };

  const demoLogin = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    setBusy(true);
    setProblem(null);
    try {
      const { idToken } = await callDiscussionApi<{ idToken: string }>('demo/id-token', { name });
      await exchange(idToken);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : '發生錯誤');
    } finally {
      setBusy(false);
    }
  };

  if (session.mode === 'off') return <p className="discussion-sign-in__note">{discussionMessages.notConfigured}。</p>;
  return (
    <div className="discussion-sign-in">
      {purpose === 'session' ? <p>{discussionMessages.signInNeeded}，登入後即可發問、留言及查看照片。</p> : null}
      {session.mode === 'line' ? (
        <>
          <button
            type="button"
            className="button button--primary discussion-line-button"
            onClick={lineLogin}
            disabled={busy}
          >
            以 LINE 登入
          </button>
          {purpose === 'session' ? (
            <p className="discussion-sign-in__note">
              以帳號密碼登入的會員，也可以在「會員專區」連結 LINE 帳號後，用一般瀏覽器使用討論區。
            </p>
          ) : null}
        </>
      ) : (
        <form className="discussion-demo-form" onSubmit={demoLogin} aria-describedby={problem ? problemId : undefined}>
          <label htmlFor={nameId}>示範名稱</label>
          <input id={nameId} name="name" defaultValue="示範農友" maxLength={20} required autoComplete="off" />
          <button type="submit" className="button button--primary" disabled={busy}>
            {purpose === 'link' ? '連結示範 LINE 身分' : '以示範身分登入'}
          </button>
        </form>
      )}
      {problem ? (
        <p id={problemId} className="discussion-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** Shown on every page of the area in demo mode: nobody's identity is verified by LINE. */
export function DemoModeBanner({ session }: { session: DiscussionSession }) {
  if (session.mode !== 'demo') return null;
  return (
    <p className="discussion-demo-banner" role="note">
      <strong>示範模式</strong>
      ：本網站尚未設定 LINE 頻道，討論區以本機的示範身分登入，任何人都能用任意名稱登入。內容僅供試用；正式上線前請依
      docs/line-setup.md 設定 LINE。
    </p>
  );
}

/** The signed-in LINE profile with its avatar, and signing out. */
export function DiscussionProfileBar({ session }: { session: DiscussionSession }) {
  const revalidator = useRevalidator();
  if (!session.profile) {
    return session.staff ? (
      <p className="discussion-profile">以工作人員身分檢視（發問與留言需以 LINE 登入）。</p>
    ) : null;
  }
  const signOut = async () => {
    await callDiscussionApi('session/end', {}).catch(() => undefined);
    await revalidator.revalidate();
  };
  return (
    <div className="discussion-profile">
      <Avatar name={session.profile.displayName} picture={session.profile.pictureUrl} />
      <span>{session.profile.displayName}</span>
      <button type="button" className="button discussion-profile__out" onClick={signOut}>
        登出
      </button>
    </div>
  );
}

/** A LINE avatar, or the name's first character when there is no picture (demo identities). */
export function Avatar({ name, picture }: { name: string; picture: string }) {
  if (picture) {
    return (
      <img className="discussion-avatar" src={picture} alt="" width={40} height={40} referrerPolicy="no-referrer" />
    );
  }
  const initial = [...name.replace(/^示範：/, '')][0] ?? '?';
  return (
    <span className="discussion-avatar discussion-avatar--initial" aria-hidden="true">
      {initial}
    </span>
  );
}
