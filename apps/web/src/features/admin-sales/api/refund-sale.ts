import { MESSAGES } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/hooks/use-toast";
import { api, isApiRequestError } from "@/lib/api-client";
import { SALES_QUERY_KEY } from "./get-sales";

/** POST /api/v1/admin/sales/{id}/refund: refunds through the provider, revokes the ownership. */
export function refundSale(id: number): Promise<{ ok: true }> {
  return api.post<{ ok: true }>(`/api/v1/admin/sales/${id}/refund`);
}

export function useRefundSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundSale,
    onSuccess: () => {
      toast({ title: MESSAGES.editions.refunded });
      void queryClient.invalidateQueries({ queryKey: SALES_QUERY_KEY });
    },
    onError: (error) =>
      toast({
        title: "The refund failed",
        description: isApiRequestError(error) ? error.body : error.message,
        variant: "destructive",
      }),
  });
}
