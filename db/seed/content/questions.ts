// The spec's six sample questions (ids 1 to 6, in this order); exactly one of them has one answer.
// HTML is what the editors produce: paragraphs, inline code and highlighted code blocks.

export type SeedVotes = { up: string[]; down: string[] };

export type SeedQuestion = {
  title: string;
  author: string;
  /** Days before the seed runs (fractions allowed). */
  daysAgo: number;
  tags: string[];
  /** The "details" editor (HTML). */
  description: string;
  /** What was tried and what was expected (HTML). */
  details: string;
  viewCount: number;
  votes: SeedVotes;
  favoritedBy: string[];
  /** Plain-text comments under the question. */
  comments: { author: string; hoursAfter: number; body: string }[];
  answer?: { author: string; hoursAfter: number; body: string; votes: SeedVotes };
};

export const QUESTIONS: SeedQuestion[] = [
  {
    title: "Por que meu useEffect roda duas vezes no React 18?",
    author: "pedroalves",
    daysAgo: 27.4,
    tags: ["react", "javascript"],
    description: `<p>Estou criando uma lista de tarefas com React 18 e Vite. Coloquei um <code>console.log</code> dentro do <code>useEffect</code> que busca os dados da API e percebi que a mensagem aparece duas vezes no console. Na aba Network a requisição também é feita duas vezes.</p>
<pre><code class="language-js">useEffect(() =&gt; {
  console.log("buscando tarefas");
  fetch("/api/tarefas")
    .then((resposta) =&gt; resposta.json())
    .then(setTarefas);
}, []);</code></pre>
<p>O array de dependências está vazio, então eu esperava que o efeito rodasse uma única vez, quando o componente é montado.</p>`,
    details: `<p>Já tentei criar uma variável <code>let jaBuscou = false</code> fora do componente e só buscar quando ela é falsa. Funciona, mas parece gambiarra. Também conferi se o componente não aparecia duas vezes na árvore, e não aparece.</p>
<p>Esperava ver o log uma vez só. Isso acontece em produção também? Qual é o jeito certo de evitar a requisição duplicada?</p>`,
    viewCount: 184,
    votes: { up: ["anabeatriz", "thiagof", "rafanogueira", "marilopes"], down: [] },
    favoritedBy: ["marilopes", "thiagof"],
    comments: [],
    answer: {
      author: "anabeatriz",
      hoursAfter: 3.5,
      body: `<p>Isso é o <strong>Strict Mode</strong> do React 18 agindo de propósito, e só acontece em desenvolvimento. Se o seu <code>main.jsx</code> envolve a aplicação em <code>&lt;React.StrictMode&gt;</code>, o React monta o componente, desmonta e monta de novo, justamente para revelar efeitos que não fazem a limpeza direito. No build de produção o efeito roda uma vez.</p>
<p>Em vez de desligar o Strict Mode, escreva o efeito de forma que rodar duas vezes não cause problema. Para requisições, use um <code>AbortController</code> e cancele na função de limpeza:</p>
<pre><code class="language-js">useEffect(() =&gt; {
  const controle = new AbortController();
  fetch("/api/tarefas", { signal: controle.signal })
    .then((resposta) =&gt; resposta.json())
    .then(setTarefas)
    .catch((erro) =&gt; {
      if (erro.name !== "AbortError") console.error(erro);
    });
  return () =&gt; controle.abort();
}, []);</code></pre>
<p>A primeira requisição é cancelada quando o React desmonta o componente de teste, e só a segunda chega ao estado. Em projetos maiores vale conhecer bibliotecas de busca de dados, que já cuidam de cache e de requisições repetidas.</p>`,
      votes: { up: ["pedroalves", "thiagof", "jumartins", "fecosta", "marilopes"], down: [] },
    },
  },
  {
    title: "LEFT JOIN no PostgreSQL está duplicando a contagem de pedidos",
    author: "thiagof",
    daysAgo: 21.8,
    tags: ["sql", "postgresql"],
    description: `<p>Tenho as tabelas <code>clientes</code>, <code>pedidos</code> e <code>enderecos</code>. Quero listar cada cliente com o total de pedidos, mas quando adiciono o <code>LEFT JOIN</code> com endereços a contagem dobra para quem tem dois endereços cadastrados.</p>
<pre><code class="language-sql">SELECT c.id, c.nome, COUNT(p.id) AS total_pedidos, SUM(p.valor) AS total_gasto
FROM clientes c
LEFT JOIN pedidos p ON p.cliente_id = c.id
LEFT JOIN enderecos e ON e.cliente_id = c.id
GROUP BY c.id, c.nome;</code></pre>`,
    details: `<p>Tentei <code>COUNT(DISTINCT p.id)</code> e a contagem fica certa, mas o <code>SUM(DISTINCT p.valor)</code> erra quando dois pedidos têm o mesmo valor. Preciso do endereço principal na mesma linha, por isso o JOIN.</p>
<p>Esperava uma linha por cliente, com quantidade e valor total corretos, inclusive para clientes sem nenhum pedido.</p>`,
    viewCount: 97,
    votes: { up: ["rafanogueira", "camilarocha", "brunocarvalho"], down: [] },
    favoritedBy: ["camilarocha"],
    comments: [
      {
        author: "rafanogueira",
        hoursAfter: 2,
        body: "Você precisa de todos os endereços ou só do principal? Se for só um, dá para filtrar no próprio JOIN e a duplicação some.",
      },
    ],
  },
  {
    title: "Contêiner Docker não conecta no PostgreSQL que roda no host",
    author: "brunocarvalho",
    daysAgo: 15.2,
    tags: ["docker", "postgresql", "linux"],
    description: `<p>Minha API em Spring Boot roda em um contêiner e o PostgreSQL está instalado direto na minha máquina, com Ubuntu 22.04. Na configuração coloquei <code>localhost:5432</code>, mas ao subir o contêiner recebo <code>Connection refused</code>.</p>
<pre><code class="language-bash">docker run --rm -p 8080:8080 \\
  -e SPRING_DATASOURCE_URL=jdbc:postgresql://localhost:5432/loja \\
  minha-api:latest</code></pre>`,
    details: `<p>Fora do Docker a aplicação conecta normalmente. Já conferi que o PostgreSQL escuta na porta 5432 e que usuário e senha estão certos. Trocar <code>localhost</code> por <code>127.0.0.1</code> não mudou nada.</p>
<p>Esperava que o contêiner enxergasse o banco do host do mesmo jeito que a aplicação enxerga quando roda fora dele.</p>`,
    viewCount: 73,
    votes: { up: ["lucasandrade", "rafanogueira"], down: ["pedroalves"] },
    favoritedBy: [],
    comments: [
      {
        author: "lucasandrade",
        hoursAfter: 1.2,
        body: "Dentro do contêiner, localhost é o próprio contêiner. No Linux o nome host.docker.internal só existe se você passar --add-host=host.docker.internal:host-gateway.",
      },
    ],
  },
  {
    title: "Como centralizar um cartão na vertical e na horizontal sem position absolute?",
    author: "marilopes",
    daysAgo: 9.6,
    tags: ["css", "html", "Web"],
    description: `<p>Estou montando uma tela de login simples e quero que o cartão do formulário fique bem no meio da página, na horizontal e na vertical, em qualquer tamanho de tela.</p>
<pre><code class="language-css">.pagina {
  min-height: 100vh;
}

.cartao {
  width: 360px;
  margin: 0 auto;
}</code></pre>`,
    details: `<p>Com <code>margin: 0 auto</code> o cartão centraliza só na horizontal. Vi soluções com <code>position: absolute</code> e <code>transform: translate(-50%, -50%)</code>, mas no celular o cartão fica cortado quando o teclado abre.</p>
<p>Queria entender qual é a forma moderna e mais robusta de fazer isso, com flexbox ou com grid.</p>`,
    viewCount: 58,
    votes: { up: ["anabeatriz", "jumartins"], down: ["thiagof"] },
    favoritedBy: ["jumartins"],
    comments: [],
  },
  {
    title: "ERR_MODULE_NOT_FOUND ao importar arquivo TypeScript sem extensão no Node",
    author: "lucasandrade",
    daysAgo: 4.3,
    tags: ["node.js", "typescript"],
    description: `<p>Estou migrando um script de automação para TypeScript e rodando direto com o Node 24, que remove os tipos sozinho. O arquivo principal importa um módulo vizinho assim:</p>
<pre><code class="language-ts">import { carregarConfig } from "./config";

const config = await carregarConfig();
console.log("Ambiente:", config.ambiente);</code></pre>
<p>Ao executar <code>node src/index.ts</code> recebo <code>Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/app/src/config'</code>.</p>`,
    details: `<p>O arquivo <code>src/config.ts</code> existe e o <code>package.json</code> tem <code>"type": "module"</code>. Com o tsx funcionava. Tentei importar <code>./config.js</code>, como vi em alguns tutoriais, mas o erro só muda de nome.</p>
<p>Esperava que o Node encontrasse o arquivo como o tsx encontrava, e que o <code>tsc</code> continuasse checando os tipos sem reclamar.</p>`,
    viewCount: 41,
    votes: { up: ["rafanogueira", "thiagof", "pedroalves"], down: [] },
    favoritedBy: ["pedroalves"],
    comments: [
      {
        author: "thiagof",
        hoursAfter: 0.8,
        body: "Qual é a versão exata do Node? E o seu tsconfig tem allowImportingTsExtensions? Isso muda a resposta.",
      },
    ],
  },
  {
    title: "Pandas: agrupar vendas por mês mantendo os meses sem vendas",
    author: "camilarocha",
    daysAgo: 1.7,
    tags: ["python", "pandas", "Ciência de Dados"],
    description: `<p>Tenho um <code>DataFrame</code> com as vendas de uma loja, uma linha por venda, com as colunas <code>data</code> e <code>valor</code>. Preciso do total por mês para montar um gráfico, mas os meses em que não houve venda somem do resultado.</p>
<pre><code class="language-python">vendas["data"] = pd.to_datetime(vendas["data"])
por_mes = vendas.groupby(vendas["data"].dt.to_period("M"))["valor"].sum()
print(por_mes)</code></pre>`,
    details: `<p>O gráfico liga março direto a maio, como se abril não existisse. Tentei montar uma lista de meses na mão e fazer um <code>merge</code>, mas ficou complicado e lento com vários anos de dados.</p>
<p>Esperava uma série com todos os meses do período, com zero nos meses sem venda.</p>`,
    viewCount: 22,
    votes: { up: ["fecosta"], down: [] },
    favoritedBy: [],
    comments: [],
  },
];
