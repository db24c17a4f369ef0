/** A full-height message while a page loads or when it cannot (keeps the layout from shifting). */
export function PageStatus({ children, role = 'status' }: { children: React.ReactNode; role?: 'status' | 'alert' }) {
  return (
    <div className="page-status" role={role} aria-live="polite">
      {children}
    </div>
  );
}
