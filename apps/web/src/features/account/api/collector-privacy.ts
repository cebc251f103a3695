import type { CollectorPrivacy } from "@sawdust/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IMAGES_QUERY_KEY } from "@/lib/api/get-images";
import { api } from "@/lib/api-client";

export const COLLECTOR_PRIVACY_QUERY_KEY = ["account", "collecting"] as const;
const URL = "/api/v1/account/collecting";

/** GET /api/v1/account/collecting: whether the member's name shows on what they collect. */
export const collectorPrivacyQueryOptions = queryOptions({
  queryKey: COLLECTOR_PRIVACY_QUERY_KEY,
  queryFn: ({ signal }) => api.get<CollectorPrivacy>(URL, { signal }),
});

export function useCollectorPrivacy() {
  return useQuery(collectorPrivacyQueryOptions);
}

/** PUT /api/v1/account/collecting; the pieces' pages the app holds then read the new way. */
export function useSetCollectorPrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectorPrivacy) => api.put<CollectorPrivacy>(URL, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(COLLECTOR_PRIVACY_QUERY_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: IMAGES_QUERY_KEY });
    },
  });
}
