import type { AppLoadContext } from 'react-router';

/** A signed-in member's name and e-mail, which forms fill in for them; null for a visitor. */
export interface MemberPrefill {
  name: string;
  email: string;
}

/** For a loader: what the inquiry, consultation and contact forms fill in for a signed-in member. */
export async function loadMemberPrefill(context: AppLoadContext): Promise<MemberPrefill | null> {
  const viewer = await context.getViewer();
  if (!viewer) return null;
  const member = await context.services.accounts.getMember(viewer.memberId);
  return member ? { name: member.name, email: member.email } : null;
}
