import {
  respondByText,
  deskCasesAdminContract,
  expertCropsAdminContract,
  followUpStatsAdminContract,
} from '@pest/contracts';
import { defineAdminResource } from '../../platform/admin/admin-resource';
import type { DeskServices } from './desk-services';

/** The desk roles: experts answer, editors and admins keep the queue moving. */
export const deskRoles = ['expert', 'editor', 'admin'] as const;

/** The queue and the follow-up results as generic admin screens (the case view is a page of its own). */
export function deskAdminResources(desk: DeskServices) {
  return [
    defineAdminResource({
      contract: deskCasesAdminContract,
      roles: deskRoles,
      list: (query, viewer) => desk.listCases(query, viewer),
      figures: () => desk.countWaitingCases(),
      // The list links each row here; /admin/consultation-cases/:id itself is the desk's case page.
      async get(id) {
        // No viewer: the generic row has no contact, so nothing personal is shown or recorded.
        const found = await desk.getCase(Number(id), null);
        if (!found) return null;
        return {
          id: found.id,
          title: `${found.id} ${found.crop_name}（${found.county_name}${found.township_name}）`,
          status: found.status,
          overdue: found.overdue,
          respond_by: respondByText(found.status, new Date(found.submitted_at)),
          crop_name: found.crop_name,
          county_name: found.county_name,
          township_name: found.township_name,
          submitted_at: found.submitted_at,
          assigned_expert: found.assigned_expert,
          replied_at: found.replied_at,
          published: found.published_at !== null,
          follow_up_answer: found.follow_up_answer,
        };
      },
    }),
    defineAdminResource({
      contract: followUpStatsAdminContract,
      roles: deskRoles,
      list: (query) => desk.listFollowUpStats(query),
    }),
    defineAdminResource({
      contract: expertCropsAdminContract,
      roles: deskRoles,
      writeRoles: ['editor', 'admin'],
      list: (query) => desk.listExpertCrops(query),
      async get(id) {
        const page = await desk.listExpertCrops({
          page: 1,
          pageSize: 1000,
          sort: { key: 'crop', direction: 'asc' },
          filters: {},
        });
        return page.rows.find((row) => row.key === id) ?? null;
      },
      create: (input, actor) => desk.addExpertCrop(actor, input),
      remove: (id, actor) => desk.removeExpertCrop(actor, String(id)),
    }),
  ];
}
