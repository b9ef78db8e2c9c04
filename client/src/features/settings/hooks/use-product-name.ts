import { usePublicSettings } from '../api/get-public-settings';

/** The configured product name (contract PRODUCT_NAME), or undefined until it has loaded. */
export function useProductName(): string | undefined {
  return usePublicSettings().data?.productName;
}
