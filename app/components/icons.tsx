// Inline icons (spec §2: logos, menu, close, home, chat, bell, copy, user). Decorative: the control names them.
export type IconProps = { className?: string };

/** What every inline icon shares: decorative, stroked with the text colour, on a 24-unit grid. */
export const iconBase = {
  "aria-hidden": true,
  focusable: false,
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  viewBox: "0 0 24 24",
} as const;

export function MenuIcon({ className = "size-6" }: IconProps) {
  return (
    <svg {...iconBase} className={className}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}
export function CloseIcon({ className = "size-6" }: IconProps) {
  return (
    <svg {...iconBase} className={className}>
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}
export function HomeIcon({ className = "size-5" }: IconProps) {
  return (
    <svg {...iconBase} className={className}>
      <path d="M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10" />
    </svg>
  );
}
export function ChatIcon({ className = "size-5" }: IconProps) {
  return (
    <svg {...iconBase} className={className}>
      <path d="M21 12a8 8 0 01-11.6 7.1L4 21l1.9-5.1A8 8 0 1121 12z" />
    </svg>
  );
}
export function BellIcon({ className = "size-6" }: IconProps) {
  return (
    <svg {...iconBase} className={className}>
      <path d="M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 01-3.4 0" />
    </svg>
  );
}
export function CopyIcon({ className = "size-4" }: IconProps) {
  return (
    <svg {...iconBase} className={className}>
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 01-1-1V4a1 1 0 011-1h10a1 1 0 011 1v1" />
    </svg>
  );
}
export function UserIcon({ className = "size-5" }: IconProps) {
  return (
    <svg {...iconBase} className={className}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0116 0" />
    </svg>
  );
}
export function SearchIcon({ className = "size-5" }: IconProps) {
  return (
    <svg {...iconBase} className={className}>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}
export function ArrowRightIcon({ className = "size-5" }: IconProps) {
  return (
    <svg {...iconBase} className={className}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </svg>
  );
}
export function HeartIcon({ className = "size-5", filled = false }: IconProps & { filled?: boolean }) {
  return (
    <svg {...iconBase} fill={filled ? "currentColor" : "none"} className={className}>
      <path d="M20.8 4.6a5.5 5.5 0 00-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 00-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 000-7.8z" />
    </svg>
  );
}
export function BookmarkIcon({ className = "size-5", filled = false }: IconProps & { filled?: boolean }) {
  return (
    <svg {...iconBase} fill={filled ? "currentColor" : "none"} className={className}>
      <path d="M19 21l-7-5-7 5V5a2 2 0 012-2h10a2 2 0 012 2z" />
    </svg>
  );
}

/** The brand mark: a code-style "</>" badge with the name beside it. */
export function Logo({ className = "", inverted = false }: IconProps & { inverted?: boolean }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold ${className}`}>
      <span
        aria-hidden="true"
        className={`rounded-md px-1.5 py-0.5 font-mono text-sm ${inverted ? "text-primary bg-white" : "bg-primary text-white"}`}
      >
        {"</>"}
      </span>
      <span className={inverted ? "text-white" : "text-primary"}>Suporte de Domingo</span>
    </span>
  );
}
