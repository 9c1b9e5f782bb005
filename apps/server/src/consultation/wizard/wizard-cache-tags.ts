/** The wizard's crops, levels and options: every wizard page and the home shortcuts are built from them. */
export const wizardTag = 'consultation:wizard';
