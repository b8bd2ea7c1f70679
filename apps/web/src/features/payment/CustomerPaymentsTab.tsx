// Placeholder until the payments feature fills it: the customer's payments (GET /api/payment?customer=…).
export default function CustomerPaymentsTab(_props: { customerId: string }) {
  return null;
}
