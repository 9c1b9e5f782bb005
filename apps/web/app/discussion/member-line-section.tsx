import type { DiscussionSession } from '@pest/contracts';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { defineMemberSection } from '../kernel/member-section';
import { callDiscussionApi } from './discussion-api';
import { DiscussionSignIn } from './discussion-sign-in';
import './discussion.css';

interface LineLink {
  session: Pick<DiscussionSession, 'mode' | 'liffId' | 'staff'> & { profile: null };
  linked: { displayName: string; demo: boolean } | null;
}

function MemberLineLink({ session, linked }: LineLink) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  if (session.mode === 'off') return null;
  const unlink = async () => {
    setBusy(true);
    try {
      await callDiscussionApi('unlink', {});
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="member-line-heading" className="account-section">
      <h2 id="member-line-heading">LINE 帳號（專家討論區）</h2>
      {linked ? (
        <>
          <p>
            已連結 LINE 帳號「{linked.displayName}」{linked.demo ? '（示範身分）' : ''}，可在一般瀏覽器使用
            <Link to="/expert">專家討論區</Link>。
          </p>
          <button type="button" className="button" onClick={unlink} disabled={busy}>
            取消連結
          </button>
          <p>
            刪除會員帳號時，連結的 LINE
            身分與它在討論區的提問、留言和照片會一併刪除；只想下載或刪除討論區的資料，請到專家討論區的「我的資料與隱私」。
          </p>
        </>
      ) : (
        <>
          <p>連結您的 LINE 帳號後，不必開啟 LINE 也能在專家討論區發問與留言。</p>
          <DiscussionSignIn session={{ ...session, profile: null }} purpose="link" />
        </>
      )}
    </section>
  );
}

/** The member page's LINE section (decision 0197): link a verified LINE identity. */
export const memberLineSection = defineMemberSection<LineLink>({
  id: 'discussion-line',
  async load(context, memberId) {
    const { discussion } = context.services;
    const identity = await discussion.memberIdentity(memberId);
    const { mode, liffId } = discussion.settings;
    return {
      session: { mode, liffId, staff: false, profile: null },
      linked: identity ? { displayName: identity.displayName, demo: identity.demo } : null,
    };
  },
  render: (data) => <MemberLineLink {...data} />,
});
