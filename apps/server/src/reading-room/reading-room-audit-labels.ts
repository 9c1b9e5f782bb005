import type { AuditLabels } from '../platform/audit/audit-labels';

/** The audit log's words for what this feature writes to it (decision 0379); field names beyond its admin contracts'. */
export const readingRoomAuditLabels: AuditLabels = {
  entities: {
    'ipm-sheet': 'IPM 資料',
    'ipm-file': 'IPM 附件',
    publication: '出版品',
    news: '最新消息',
    'news-picture': '最新消息照片',
    'news-file': '最新消息附件',
    video: '影音',
    'quick-item': '快速入門',
    'quick-file': '快速入門檔案',
    'related-link': '相關連結',
    researcher: '研究人員',
  },
};
