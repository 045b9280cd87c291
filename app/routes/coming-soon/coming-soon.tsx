export default function Page() {
  return <main>TODO coming-soon/coming-soon</main>;
}
