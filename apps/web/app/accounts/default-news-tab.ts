import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMemberSession } from './member-session';

let appliedThisDocument = false;

/**
 * The member's class picks the home page's default news tab (decision 0043). The home page is
 * the same for everyone, so the class comes from /api/v1/session and the tab changes after load —
 * once per page load, and only when the address names no tab (a shared link shows what the sender
 * saw; a visitor who picks 全部 keeps it).
 */
export function useMemberDefaultNewsTab(param: string): void {
  const session = useMemberSession();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (session === undefined || appliedThisDocument) return;
    appliedThisDocument = true;
    const query = new URLSearchParams(location.search);
    if (!session || session.class === 'all' || query.has(param)) return;
    query.set(param, session.class);
    void navigate({ search: `?${query.toString()}` }, { replace: true, preventScrollReset: true });
  }, [session, location.search, navigate, param]);
}
