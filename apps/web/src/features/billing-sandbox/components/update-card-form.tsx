import { zodResolver } from "@hookform/resolvers/zod";
import { MESSAGES, ZSandboxPayBody } from "@sawdust/shared";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { CardField } from "./card-field";

// The card number as checkout and the portal's update_card action both check it.
const ZUpdateCard = z.object({ cardNumber: ZSandboxPayBody.shape.cardNumber });
type UpdateCardValues = z.input<typeof ZUpdateCard>;

/** A new test card for the subscription (after a failed renewal, the way out of past_due). */
export function UpdateCardForm({
  pending,
  onUpdate,
}: {
  pending: boolean;
  onUpdate: (cardNumber: string) => void;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<UpdateCardValues, unknown, z.output<typeof ZUpdateCard>>({
    resolver: zodResolver(ZUpdateCard),
    defaultValues: { cardNumber: "" },
  });
  return (
    <form
      onSubmit={handleSubmit(({ cardNumber }) => onUpdate(cardNumber))}
      noValidate
      aria-label={MESSAGES.billing.updateCard}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <CardField
        id={`${id}-card`}
        label="New card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        error={errors.cardNumber?.message}
        className="flex-1"
        {...register("cardNumber")}
      />
      <Button type="submit" variant="outline" disabled={pending}>
        {MESSAGES.billing.updateCard}
      </Button>
    </form>
  );
}
