// Invoker commands (HTML's `command` and `commandfor` on buttons): React passes them through as lowercase
// attributes, but its types do not list them yet.
import "react";

declare module "react" {
  // The type parameter must match React's declaration for the two to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    command?: "show-modal" | "close" | "request-close" | "toggle-popover" | "show-popover" | "hide-popover";
    commandfor?: string;
  }
}
