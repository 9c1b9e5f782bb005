import { consulevelListCall, consuListpCall, consuoptionListCall } from '@pest/contracts';
import type { FastifyInstance } from 'fastify';
import { registerInfoCall } from '../../platform/http/info-call';
import type { WizardServices } from './wizard-services';

/** The wizard's information-service calls. */
export function registerWizardCalls(app: FastifyInstance, services: WizardServices) {
  registerInfoCall(app, 'consuListp', {
    ...consuListpCall,
    summary: "Consultation crops with Online '1'",
    handler: () => services.listCrops(),
  });
  registerInfoCall(app, 'consulevelList', {
    ...consulevelListCall,
    summary: "A consultation crop's wizard levels",
    handler: (body) => services.listLevels(body.a1),
  });
  registerInfoCall(app, 'consuoptionList', {
    ...consuoptionListCall,
    summary: 'The option cards of a wizard level under the previous level’s choice',
    handler: (body) => services.listOptions({ levelId: body.a1, previousOptionId: body.a2 ?? null }),
  });
}
