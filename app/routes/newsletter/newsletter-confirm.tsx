export default function Page() {
  return <main>TODO newsletter/newsletter-confirm</main>;
}
