import { downloadPageQuery, type CatalogDetail, type CatalogType } from '@pest/contracts';
import { Link } from 'react-router';
import { loginRedirect } from '../accounts';
import { SectionBanner } from '../ui/section-banner';
import { pageMeta } from '../kernel/page-meta';
import { NoData } from '../ui/no-data';
import { notFoundMessage } from './not-found-message';
import type { Route } from './+types/download-route';
import './downloads.css';

/** A list that fails to load shows its empty state and is logged, never an error page (decision 0217). */
function orEmpty<T>(what: string) {
  return (error: unknown): T[] => {
    console.error(`download page: ${what} failed to load`, error);
    return [];
  };
}

/**
 * DOWNLOAD, behind the guard: the type menu, the first type or the one in
 * `?type=`, its active files by sort, a preview and a download link each, the not-found notice when
 * a type holds none.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await context.getViewer())) throw loginRedirect(request, context.config.basePath);
  const { downloads, site } = context.services;
  const query = downloadPageQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [types, banners] = await Promise.all([
    downloads.listTypes().catch(orEmpty<CatalogType>('types')),
    site.listCarousels('download').catch(orEmpty<Awaited<ReturnType<typeof site.listCarousels>>[number]>('banner')),
  ]);
  const selected = types.find((type) => type.id === query.type) ?? types[0] ?? null;
  const files = selected
    ? await downloads.listDetails({ typeId: selected.id }).catch(orEmpty<CatalogDetail>('files'))
    : [];
  return { types, selected: selected?.id ?? null, files, banners };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0].loaderData, { title: 'DOWNLOAD', shareTitle: '文件下載', path: '/download' });

function sizeText(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function formatText(file: CatalogDetail): string {
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(file.file)?.[1]?.toUpperCase() ?? '';
  return [extension, sizeText(file.size)].filter(Boolean).join('・');
}

/** Files a browser shows itself: these get a preview link beside the download. */
const previewable = (file: CatalogDetail) =>
  file.content_type === 'application/pdf' || (file.content_type?.startsWith('image/') ?? false);

export default function DownloadRoute({ loaderData }: Route.ComponentProps) {
  const { types, selected, files, banners } = loaderData;
  const current = types.find((type) => type.id === selected);
  return (
    <div className="download-page">
      <SectionBanner slides={banners} heading={{ title: '文件下載', englishTitle: 'DOWNLOAD' }} />
      <div className="container download-page__body">
        {types.length > 0 ? (
          <nav aria-label="下載分類" className="download-types">
            <ul>
              {types.map((type) => (
                <li key={type.id}>
                  <Link
                    to={`?type=${type.id}`}
                    className="download-types__link"
                    aria-current={type.id === selected ? 'page' : undefined}
                    preventScrollReset
                  >
                    {type.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <section aria-labelledby="download-files-heading" className="download-files">
          <h2 id="download-files-heading" className="download-files__title">
            {current?.name ?? '檔案'}
          </h2>
          {files.length === 0 ? (
            <NoData message={notFoundMessage} />
          ) : (
            <table className="download-table">
              <caption className="visually-hidden">{current?.name ?? ''}的檔案</caption>
              <thead>
                <tr>
                  <th scope="col">檔案</th>
                  <th scope="col" className="download-table__format">
                    格式
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">預覽與下載</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {files.map((file) => (
                  <tr key={file.id}>
                    <td>
                      {file.title}
                      {file.demo ? <span className="download-table__demo">示範</span> : null}
                    </td>
                    <td className="download-table__format">{formatText(file)}</td>
                    <td className="download-table__actions">
                      {previewable(file) ? (
                        <a
                          href={`file?catalog=${file.id}`}
                          target="_blank"
                          rel="noopener"
                          className="download-table__link"
                          aria-label={`預覽「${file.title}」（另開視窗）`}
                        >
                          預覽
                        </a>
                      ) : null}
                      <a
                        href={`file?catalog=${file.id}&download`}
                        className="download-table__link download-table__link--primary"
                        aria-label={`下載「${file.title}」`}
                        download={file.file}
                      >
                        下載
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {files.some((file) => file.demo) ? (
            <p className="download-page__note">
              標示「示範」的檔案為網站團隊製作的示範內容，不代表正式表單或技術建議。
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}
