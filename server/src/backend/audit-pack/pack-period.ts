/** The pack's period, whole China days, inclusive. */
export interface PackPeriod {
  startDate: string;
  endDate: string;
}
