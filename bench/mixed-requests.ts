/**
 * The mixed workload as autocannon requests, built inside the load generator's own process
 * (bench/load-generator.mjs imports this module by name): each connection cycles 4 reads, a new
 * customer, 4 reads and a new task — 80 % reads, 20 % writes. Phone numbers come from the block
 * `firstPhone`… given by the bench, so every run and window writes customers no earlier one wrote.
 */
import type autocannon from 'autocannon';

export interface MixedArgs {
  /** Customers to read one of at random. */
  customers: string[];
  /** Who the load's tasks are assigned to. */
  assignee: string;
  /** The first of this generator's own phone numbers: 8 digits after 05. */
  firstPhone: number;
}

export default function mixedRequests({ customers, assignee, firstPhone }: MixedArgs): autocannon.Request[] {
  let counter = 0;
  const pick = () => customers[Math.floor(Math.random() * customers.length)];
  const reads: autocannon.Request[] = [
    { method: 'GET', path: '/api/customer?page=1&limit=20&sort=name' },
    { method: 'GET', path: '/api/customer?search=%D8%B9%D9%85%D9%8A%D9%84&limit=20' },
    {
      method: 'GET',
      path: `/api/customer/${pick()}`,
      setupRequest: (r) => ({ ...r, path: `/api/customer/${pick()}` }),
    },
    { method: 'GET', path: '/api/order?page=1&limit=20' },
    { method: 'GET', path: '/api/dashboard' },
    { method: 'GET', path: '/api/task?limit=20' },
    { method: 'GET', path: '/api/service?limit=0' },
    { method: 'GET', path: '/api/notification/unreadCount' },
  ];
  const writes: autocannon.Request[] = [
    {
      method: 'POST',
      path: '/api/customer',
      setupRequest: (r) => {
        const n = firstPhone + ++counter;
        return {
          ...r,
          body: JSON.stringify({ name: `عميل ضغط ${n}`, phoneNumber: `05${String(n).padStart(8, '0')}` }),
        };
      },
    },
    {
      method: 'POST',
      path: '/api/task',
      setupRequest: (r) => ({
        ...r,
        body: JSON.stringify({ title: `مهمة ضغط ${++counter}`, assignee, customer: pick() }),
      }),
    },
  ];
  return [...reads.slice(0, 4), writes[0], ...reads.slice(4), writes[1]];
}
