import { idSchema } from '@idara/domain';
import { z } from 'zod';

/** The path parameters of a route on one record: `/:id`. */
export const idParams = z.object({ id: idSchema });
