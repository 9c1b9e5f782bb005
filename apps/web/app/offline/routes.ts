import { route } from '@react-router/dev/routes';

/** The offline reading page the service worker answers with (decision 0386). */
export const offlineRoutes = [route('offline', 'offline/offline-route.tsx')];
