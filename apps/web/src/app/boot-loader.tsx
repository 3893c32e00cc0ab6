/** The same markup as the loader in index.html, so swapping one for the other shows no change. */
export function BootLoader() {
  return (
    <div className="boot-loader" role="status" aria-label="Loading">
      <span className="boot-loader__dot" />
    </div>
  );
}
