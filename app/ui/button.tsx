import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "./cn";
import { Spinner } from "./spinner";

export const buttonClass = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary: "bg-primary text-primary-foreground hover:opacity-90",
        outline: "border border-input bg-background hover:bg-accent hover:text-accent-foreground",
        ghost: "hover:bg-accent hover:text-accent-foreground",
        destructive: "bg-destructive text-white hover:opacity-90",
      },
      size: {
        // Without a size (`size={null}`), the caller's classes give it (its height, padding and text size).
        sm: "h-8 px-3 text-sm",
        md: "h-10 px-4 text-sm",
        icon: "size-9 text-sm",
      },
    },
    defaultVariants: { variant: "primary", size: "md" },
  },
);

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonClass> & {
    /** Shows a spinner and disables the button while its action runs. */
    loading?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  type = "button",
  loading = false,
  disabled,
  children,
  onMouseDown,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(buttonClass({ variant, size }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      // Pressing a submit button must not blur the field being edited first: the blur would show or clear that
      // field's message, move the button under the pointer, and the click would be lost.
      onMouseDown={(event) => {
        if (type === "submit") event.preventDefault();
        onMouseDown?.(event);
      }}
      {...props}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
}
