import type { TwoFactorEnrolment } from "@sawdust/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /api/v1/two-factor/enrolment: a new secret and its QR code (not on until confirmed). */
export function beginEnrolment(): Promise<TwoFactorEnrolment> {
  return api.post<TwoFactorEnrolment>("/api/v1/two-factor/enrolment");
}

export function useBeginEnrolment() {
  return useMutation({ mutationFn: beginEnrolment });
}
