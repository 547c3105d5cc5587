/** Plan, device and store names run long (a plan names its store): their dropdowns grow to show them whole. */
export const WIDE_POPUP = { autoAlignPopupWidth: false, autoAlignPopupMinWidth: true } as const;
