import { Pagination, type DateRangeValue, type JobOrderListBody } from '@pest/shared';

/** The list's filter fields as the form holds them; ranges are `yyyy-MM-dd HH:mm:ss` pairs. */
export interface JobOrderFilters {
  advocateStaffName?: string;
  jobOrderName?: string;
  /** Actual start time between. */
  serviceStart?: DateRangeValue;
  /** Actual end time between. */
  serviceEnd?: DateRangeValue;
  /** Stores, or organisations and groups for their stores (the shared form's picker). */
  customerIds?: readonly number[];
}

function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** One page of the list (the size is fixed at 500); empty filters are left out (console-spec section 5). */
export function jobOrderListBody(filters: JobOrderFilters, current: number): JobOrderListBody {
  return {
    current,
    size: Pagination.jobOrderSize,
    advocateStaffName: text(filters.advocateStaffName),
    jobOrderName: text(filters.jobOrderName),
    startTime: filters.serviceStart?.[0],
    endTime: filters.serviceStart?.[1],
    accomplishStartTime: filters.serviceEnd?.[0],
    accomplishEndTime: filters.serviceEnd?.[1],
    customerIds: filters.customerIds?.length ? [...filters.customerIds] : undefined,
  };
}
