import { adminTaskGroupLabels, adminTaskGroups, type AdminResourceSummary } from '@pest/contracts';

/** The resources grouped by task (decision 0377), each group in the order the features declare them. */
export function resourcesByTask(resources: readonly AdminResourceSummary[]) {
  return adminTaskGroups
    .map((group) => ({
      group,
      label: adminTaskGroupLabels[group],
      resources: resources.filter((resource) => resource.group === group),
    }))
    .filter((task) => task.resources.length > 0);
}
