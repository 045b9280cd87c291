export default function Page() {
  return <main>TODO questions/question-list</main>;
}
