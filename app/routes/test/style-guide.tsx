export default function Page() {
  return <main>TODO test/style-guide</main>;
}
