// Which modules go into the one chunk every page loads (decisions 0078, 0275): the framework
// (React, React DOM, React Router) and the site's own modules the root route reaches by static
// imports. Left to automatic splitting, the root's modules came in some twenty small files, each
// shared with a different set of routes, and each compressed alone: about 3 KiB of the record
// page's gzip weight went on that.
type ModuleGraph = {
  getModuleInfo(moduleId: string): { importedIds: readonly string[] } | null;
};

const frameworkModule =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/;
const scriptModule = /\.(?:[cm]?[jt]sx?)$/;
const isOtherPackage = (id: string) => id.includes('node_modules') && !frameworkModule.test(id);

/**
 * The site modules the root reaches by static imports whose own imports, however deep, never
 * reach a package outside the framework. The graph is the raw one, before tree-shaking: a barrel
 * re-exports modules the root never uses, and a module reaching zod that way stays out, because
 * its schemas may be kept for another page, and in this chunk they would put zod on every page
 * (decision 0086). Modules left out fall back to automatic splitting.
 */
export function shellModules(rootModule: string, graph: ModuleGraph): Set<string> {
  const reached = new Set<string>();
  const queue = [rootModule];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (reached.has(id) || id.includes('node_modules')) continue;
    reached.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  const importsOf = (id: string) => graph.getModuleInfo(id)?.importedIds ?? [];
  const leaving = new Set([...reached].filter((id) => importsOf(id).some(isOtherPackage)));
  // Whatever imports a leaving module leaves too, until nothing changes (import cycles included).
  for (let changed = true; changed;) {
    changed = false;
    for (const id of reached) {
      if (!leaving.has(id) && importsOf(id).some((next) => leaving.has(next))) {
        leaving.add(id);
        changed = true;
      }
    }
  }
  return new Set([...reached].filter((id) => scriptModule.test(id) && !leaving.has(id)));
}

/** The name function of the framework chunk's group: `framework` for its modules, null for others. */
export function shellChunkName(rootModule: string) {
  const shellOf = new WeakMap<ModuleGraph, Set<string>>();
  return (moduleId: string, graph: ModuleGraph): string | null => {
    if (frameworkModule.test(moduleId)) return 'framework';
    let shell = shellOf.get(graph);
    if (!shell) {
      shell = shellModules(rootModule, graph);
      shellOf.set(graph, shell);
    }
    return shell.has(moduleId) ? 'framework' : null;
  };
}
