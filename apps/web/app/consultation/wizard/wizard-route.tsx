import { redirect } from 'react-router';
import { feedbackLink } from '../../kernel/feedback-link';
import { missingPageMeta, pageMeta } from '../../kernel/page-meta';
import { isNotFoundError, notFound } from '../../ui/not-found';
import { DetailErrorPage } from '../../ui/detail-error-page';
import type { Route } from './+types/wizard-route';
import { WizardPage } from './wizard-page';
import { wizardHref } from './wizard-links';
import { parseWizardQuery } from './wizard-query';

const missingMessage = '找不到這個診斷步驟，可能是網址有誤或作物已下架，請重新選擇作物。';

/**
 * `/consultation?crop=芒果`: the wizard's crop by any of its names in the crop vocabulary (the
 * wizard's 檬果, decision 0360); the crop choice when no wizard crop has one of them.
 */
async function wizardCropHref(context: Route.LoaderArgs['context'], name: string): Promise<string> {
  const [crop, step] = await Promise.all([
    context.services.crops.resolveCrop(name.slice(0, 50)),
    context.services.consultation.wizard.getStep({ cropId: null, chosen: [], level: null }),
  ]);
  const names = crop?.names ?? [name.trim()];
  const found = step.crops.find((each) => names.includes(each.cname));
  return found ? wizardHref(found.id) : wizardHref();
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const cropName = params.get('crop');
  if (cropName !== null && !params.has('id')) throw redirect(await wizardCropHref(context, cropName));
  const query = parseWizardQuery(params);
  try {
    const [step, settings] = await Promise.all([
      context.services.consultation.wizard.getStep(query),
      context.services.site.getSystemSettings(),
    ]);
    return { step, feedbackFormUrl: feedbackLink(settings, context.config.feedbackFormUrl) };
  } catch (error) {
    if (isNotFoundError(error)) throw notFound(missingMessage);
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data, error, matches }) => {
  if (!data) return missingPageMeta(matches[0].loaderData, missingMessage, error);
  const { crop, level } = data.step;
  return pageMeta(matches[0].loaderData, {
    title: crop ? `病蟲害診斷－${crop.cname}${level ? `（${level.name}）` : ''}` : '病蟲害診斷',
    description: crop
      ? `依${crop.cname}的受害部位與症狀一步步比對，找出可能的病蟲害與防治資料；找不到時可上傳照片請專家協助。`
      : '選擇作物，依受害部位與症狀一步步比對可能的病蟲害；找不到時可上傳照片請專家協助。',
    path: crop ? wizardHref(crop.id) : wizardHref(),
  });
};

export default function WizardRoute({ loaderData }: Route.ComponentProps) {
  return <WizardPage step={loaderData.step} feedbackFormUrl={loaderData.feedbackFormUrl} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DetailErrorPage
      error={error}
      list={{ title: '病蟲害諮詢', href: wizardHref(), backLabel: '選擇作物' }}
      missingMessage={missingMessage}
      missingTitle="找不到這個診斷步驟"
    />
  );
}
