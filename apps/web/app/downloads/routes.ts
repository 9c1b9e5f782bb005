import { route } from '@react-router/dev/routes';

/** DOWNLOAD (guarded) and the file page. */
export const downloadsRoutes = [
  route('download', 'downloads/download-route.tsx'),
  route('download/*', 'downloads/download-children-route.tsx'),
  route('file', 'downloads/file-route.tsx'),
];
