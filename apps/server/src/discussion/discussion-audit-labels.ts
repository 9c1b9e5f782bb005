import type { AuditLabels } from '../platform/audit/audit-labels';

/** The audit log's words for what this feature writes to it (decision 0379); field names beyond its admin contracts'. */
export const discussionAuditLabels: AuditLabels = {
  actions: {
    'discussion.question.delete': '刪除討論區問題',
    'discussion.comment.delete': '刪除討論區留言',
    'discussion.question.hide': '隱藏討論區問題',
    'discussion.question.restore': '恢復顯示討論區問題',
    'discussion.comment.hide': '隱藏討論區留言',
    'discussion.comment.restore': '恢復顯示討論區留言',
    'discussion.identity.block': '封鎖討論區身分',
    'discussion.identity.unblock': '解除封鎖討論區身分',
  },
  entities: {
    discussion_questions: '討論區問題',
    discussion_comments: '討論區留言',
    discussion_identities: '討論區身分',
  },
  fields: { lineUserId: 'LINE 使用者編號' },
};
