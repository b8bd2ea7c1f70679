import { expect } from 'vitest';
import type { TestApp } from '../../test/harness';

/** Two technicians (the preset), a customer, and a way to book a visit for one of them. */
export async function techniciansAndCustomer(t: TestApp, customer: Record<string, unknown> = {}) {
  const ali = await t.userWith('technician');
  const huda = await t.userWith('technician');
  const phoneNumber = `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const made = await t.post('/api/customer', { name: 'مجمع الواحة', phoneNumber, ...customer });
  expect(made.statusCode, made.body).toBe(201);
  const customerId = made.json()._id as string;
  const book = async (assignees: string[], scheduledAt: string, extra: object = {}) => {
    const res = await t.post('/api/visit', {
      customer: customerId,
      scheduledAt,
      durationMinutes: 60,
      assignees,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { _id: string; number: number; status: string };
  };
  return { ali, huda, customer: customerId, book };
}
