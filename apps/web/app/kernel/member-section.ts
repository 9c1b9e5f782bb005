import type { ReactNode } from 'react';
import type { AppLoadContext } from 'react-router';

/**
 * A section another feature adds to the member page (/member): it loads its data for the signed-in
 * member (the id comes from the session, never the address) and renders it. The accounts feature
 * lists the sections (accounts/member-sections.ts) without knowing what they hold.
 */
export interface MemberSection<Data = unknown> {
  id: string;
  /** `url`: the page's address, for a section that reads its own query (a look-up). */
  load(context: AppLoadContext, memberId: number, url: URL): Promise<Data>;
  render(data: Data): ReactNode;
}

/** Declares a section, keeping its data type between `load` and `render`. */
export function defineMemberSection<Data>(section: MemberSection<Data>): MemberSection<Data> {
  return section;
}
