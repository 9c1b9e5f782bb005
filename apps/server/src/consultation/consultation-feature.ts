import { defineFeature } from '../platform/feature/feature-manifest';
import * as schema from './schema';

/**
 * Consultation (issue 11): the diagnosis wizard, the image consultation archive, the consultation
 * form with its photos, and the expert desk in /admin.
 */
export const consultationFeature = defineFeature({
  name: 'consultation',
  servicesKey: 'consultation',
  tables: schema,
});
