// Placeholder until the payments feature fills it: an order's payments, with "add payment" for
// users with payment:create (links to /dashboard/payment/new?order=<id>).
export interface OrderPaymentsCardProps {
  order: { _id: string; number: number; total: string; paid: string; balance: string; status: string };
}
export default function OrderPaymentsCard(_props: OrderPaymentsCardProps) {
  return null;
}
