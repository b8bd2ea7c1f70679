import { city } from '../features/city/city-resource';
import { contract } from '../features/contract/contract-resource';
import { equipment } from '../features/equipment/equipment-resource';
import { government } from '../features/government/government-resource';
import { paymentMethod } from '../features/payment-method/payment-method-resource';
import { service } from '../features/service/service-resource';

export { city, contract, equipment, government, paymentMethod, service };

/** Every resource declared in one file (`app/resource.ts`); the route table, sidebar and activity log read them. */
export const resources = [service, contract, paymentMethod, government, city, equipment];
