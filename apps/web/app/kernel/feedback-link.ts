import type { SystemSettings } from '@pest/contracts';

/**
 * Where the header's feedback link (and the wizard's questionnaire card) leads: the system
 * setting an admin chose, else the deployment's FEEDBACK_FORM_URL (decision 0219: this site's
 * form by default).
 */
export function feedbackLink(settings: Pick<SystemSettings, 'feedback_url'>, configured: string): string {
  return settings.feedback_url || configured;
}
