/** "€10.00" from minor units: how staff notifications and customer emails write an amount. */
export const formatMoney = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );
