/** The desk's case states without zod (decision 0086): /member's cases section reads their labels from here. */
export const deskCaseStatuses = ['submitted', 'answered'] as const;
export const deskCaseStatusLabels: Record<(typeof deskCaseStatuses)[number], string> = {
  submitted: '待回覆',
  answered: '已回覆',
};
