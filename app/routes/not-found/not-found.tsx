export default function Page() {
  return <main>TODO not-found/not-found</main>;
}
