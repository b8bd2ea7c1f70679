/** The local FATOORA of the API tests, as a process for the browser suite (playwright.config.ts). */
import { startFakeFatoora } from '../../apps/api/src/test/fake-fatoora';

const fake = await startFakeFatoora(Number(process.env.FAKE_FATOORA_PORT));
console.log(`fake FATOORA on ${fake.url}`);
