import type { MemberSection } from '../kernel/member-section';
import { memberAlertsSection } from '../alerts';
import { memberOrdersSection } from '../catalogue';
import { memberCasesSection } from '../consultation';
import { memberLineSection } from '../discussion';
import { memberPrivacySection } from './privacy/member-privacy-section';

/** What other features show on /member below the account's own sections: one line each. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const memberSections: ReadonlyArray<MemberSection<any>> = [
  memberCasesSection,
  memberOrdersSection,
  memberLineSection,
  memberAlertsSection,
  memberPrivacySection,
];
