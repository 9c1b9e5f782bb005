import { pesticideImportCreate } from '@pest/contracts';
import { Link } from 'react-router';
import {
  AdminErrorPage,
  AdminForm,
  adminCall,
  createKeyField,
  createKeyOf,
  newCreateKey,
  submitAdminForm,
} from '../../admin';
import { pageMeta } from '../../kernel/page-meta';
import type { Route } from './+types/pesticide-import-new-route';
import { importsPath, importsResource } from './pesticide-import-admin';
import './pesticide-imports.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  await adminCall(request, () => context.admin.allow(importsResource, 'create'));
  return { createKey: newCreateKey() };
}

/**
 * The upload: the server has read the CSV through the upload pipeline before this runs (decision
 * 0145), so the form holds the stored file's id; the gateway makes the preview, and the editor goes
 * to it. A refused file or date comes back beside its field.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await adminCall(request, () => context.admin.allow(importsResource, 'create'));
  return submitAdminForm(request, pesticideImportCreate, async (value, formData) => {
    const { id } = await context.admin.create(importsResource, value, createKeyOf(formData));
    return `${importsPath}/${encodeURIComponent(String(id))}?done=preview`;
  });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, { title: '匯入農藥登記資料 - 管理' });

/** The import form: the official CSV as published, its data date and source; then the preview. */
export default function PesticideImportNewRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <article className="pesticide-import">
      <p className="admin-back">
        <Link to={importsPath}>回匯入紀錄</Link>
      </p>
      <h1 className="page-title">匯入農藥登記資料</h1>
      <ol className="pesticide-import__steps">
        <li>從農藥資訊服務網下載最新的農藥使用範圍 CSV。請直接上傳，不要用 Excel 開啟後另存，以免編碼或欄位改變。</li>
        <li>選擇檔案，填寫資料日期（空白時使用檔名中的日期，例如 pesticides_2022-07-01.csv）。</li>
        <li>
          按「上傳並預覽」：系統在背景讀取檔案並與目前網站上的資料比對（畫面會顯示進度，大型檔案約需一分鐘），列出新增、變更、移除與無法匯入的資料列。
          <strong>這時網站上的資料還不會改變。</strong>
        </li>
        <li>
          檢查預覽無誤後按「套用這份資料」。檔案是完整的資料：不在檔案中的資料列會被移除。套用後仍可在匯入紀錄中還原。
        </li>
      </ol>
      <AdminForm
        schema={pesticideImportCreate}
        lastResult={actionData?.result}
        submitLabel="上傳並預覽"
        cancelHref={importsPath}
        hiddenFields={{ [createKeyField]: loaderData.createKey }}
      />
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
