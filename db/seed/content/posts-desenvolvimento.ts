// Sample blog posts in the "desenvolvimento" category.
import type { SeedPost } from "./seed-post.ts";

export const DEVELOPMENT_POSTS: SeedPost[] = [
  {
    title: "Entendendo o event loop do JavaScript sem mistério",
    author: "thiagof",
    category: "desenvolvimento",
    daysAgo: 6.3,
    tags: ["javascript", "node.js", "Programação"],
    cover: "codigo",
    featuredRank: 1,
    likes: 9,
    favoritedBy: ["pedroalves", "marilopes"],
    description:
      "Por que um setTimeout com zero milissegundos não roda na hora? Um passeio pela pilha de chamadas, pelas filas de tarefas e pelas microtarefas.",
    body: `<p>Quem começa com JavaScript logo escuta que a linguagem tem uma única thread. E aí vem a dúvida: se só uma coisa roda por vez, como o navegador consegue baixar arquivos, responder a cliques e animar a tela ao mesmo tempo? A resposta está no <strong>event loop</strong>, o mecanismo que decide o que roda em seguida.</p>
<h2>A pilha de chamadas</h2>
<p>Toda função chamada entra na pilha e sai quando termina. Enquanto a pilha não esvazia, nada mais acontece: nenhum clique é tratado e nenhuma animação avança. É por isso que um laço pesado congela a página inteira.</p>
<h2>Filas de tarefas e microtarefas</h2>
<p>Quando você agenda algo com <code>setTimeout</code>, o callback não vai para a pilha. Ele espera em uma fila de tarefas. Já o que vem de uma <code>Promise</code> resolvida vai para a fila de microtarefas, que tem prioridade: ela é esvaziada inteira sempre que a pilha fica vazia, antes da próxima tarefa.</p>
<pre><code class="language-js">console.log("1: início");
setTimeout(() =&gt; console.log("4: tarefa"), 0);
Promise.resolve().then(() =&gt; console.log("3: microtarefa"));
console.log("2: fim do script");</code></pre>
<p>A ordem impressa é 1, 2, 3 e 4. O <code>setTimeout</code> com zero milissegundos só significa "assim que possível, depois do que já está na fila", e as microtarefas passam na frente.</p>
<h2>E o async/await?</h2>
<p>O <code>await</code> é açúcar sintático sobre promises. Quando a execução chega nele, o resto da função assíncrona é guardado e agendado como microtarefa para quando a promise resolver. Enquanto isso, a pilha fica livre para outras coisas.</p>
<pre><code class="language-js">async function carregar() {
  console.log("A: antes do await");
  await null;
  console.log("C: depois do await");
}

carregar();
console.log("B: código síncrono seguinte");</code></pre>
<p>A saída é A, B e C. Mesmo esperando por <code>null</code>, que já está "pronto", o trecho depois do <code>await</code> só roda quando o código síncrono termina. Muita condição de corrida em testes nasce de esquecer esse detalhe.</p>
<h2>Onde entra a pintura da tela</h2>
<p>No navegador, entre uma tarefa e outra, existe a chance de atualizar a tela. É ali que rodam os callbacks de <code>requestAnimationFrame</code>, o cálculo de estilos e o layout. Se uma tarefa demora 200 milissegundos, a tela fica 200 milissegundos parada, e a pessoa percebe o engasgo ao rolar a página ou digitar.</p>
<p>Por isso animações devem usar <code>requestAnimationFrame</code> em vez de <code>setTimeout</code>: ele roda exatamente antes da próxima pintura, no ritmo da tela, e pausa quando a aba está em segundo plano.</p>
<h2>O que levar para o dia a dia</h2>
<ul>
<li>Não bloqueie a pilha: divida trabalhos longos em partes menores ou leve-os para um Web Worker.</li>
<li>Uma cadeia enorme de microtarefas também trava a tela, porque o navegador só pinta entre tarefas.</li>
<li>No Node.js a ideia é a mesma, com fases extras para temporizadores, entrada e saída e <code>setImmediate</code>.</li>
</ul>
<p>Quando o comportamento assíncrono parecer mágico, desenhe a pilha e as duas filas num papel. Em poucos minutos a mágica vira previsível.</p>`,
    comments: [
      {
        author: "pedroalves",
        hoursAfter: 5,
        body: "Finalmente entendi por que meu setTimeout com zero rodava depois do then. O exemplo numerado ajudou muito!",
        replies: [
          {
            author: "thiagof",
            hoursAfter: 7,
            body: "Que bom, Pedro! Tenta também colocar um await dentro de uma função async no meio do exemplo e ver onde ele entra.",
          },
        ],
      },
      {
        author: "rafanogueira",
        hoursAfter: 20,
        body: "Vale um post só sobre as fases do event loop no Node. O process.nextTick confunde muita gente.",
      },
    ],
  },
  {
    title: "Dez comandos de Git que salvam o seu dia",
    author: "lucasandrade",
    category: "desenvolvimento",
    daysAgo: 11.5,
    tags: ["git", "Dicas"],
    cover: "terminal",
    likes: 7,
    favoritedBy: ["anabeatriz"],
    description:
      "Desfazer um commit, achar o commit que quebrou o build, guardar trabalho pela metade: uma lista curta para ter sempre à mão.",
    body: `<p>Todo mundo sabe fazer <code>add</code>, <code>commit</code> e <code>push</code>. O aperto começa quando algo sai do roteiro. Estes são os comandos que mais uso quando isso acontece.</p>
<ol>
<li><code>git switch -c nome</code>: cria um branch e já muda para ele, com um nome mais claro que o velho <code>checkout -b</code>.</li>
<li><code>git restore arquivo</code>: descarta as mudanças de um arquivo que ainda não foram para o stage.</li>
<li><code>git commit --amend</code>: corrige a mensagem ou inclui um arquivo esquecido no último commit, se ele ainda não foi enviado.</li>
<li><code>git stash push -m "mensagem"</code>: guarda o trabalho pela metade para atender uma urgência.</li>
<li><code>git log --oneline --graph</code>: mostra a história em uma linha por commit, com os branches desenhados.</li>
<li><code>git reflog</code>: lista tudo por onde o HEAD passou. É a rede de segurança depois de um reset infeliz.</li>
<li><code>git bisect</code>: faz uma busca binária no histórico para achar o commit que introduziu um bug.</li>
<li><code>git blame -w arquivo</code>: mostra quem mexeu em cada linha, ignorando mudanças só de espaço.</li>
<li><code>git rebase -i HEAD~3</code>: reorganiza, junta ou renomeia os últimos commits antes de abrir o pull request.</li>
<li><code>git revert hash</code>: desfaz um commit que já está no branch principal criando um novo commit, sem reescrever a história.</li>
</ol>
<p>Uma regra que evita dor de cabeça: reescreva à vontade o que só existe na sua máquina, mas nunca reescreva o que outras pessoas já baixaram.</p>
<pre><code class="language-bash">git bisect start
git bisect bad            # a versão atual está quebrada
git bisect good v2.3.0    # esta versão funcionava
# teste, marque good ou bad, e repita até o Git apontar o culpado
git bisect reset</code></pre>`,
  },
  {
    title: "Índices no PostgreSQL: quando ajudam e quando atrapalham",
    author: "rafanogueira",
    category: "desenvolvimento",
    daysAgo: 17.9,
    tags: ["postgresql", "sql"],
    cover: "dados",
    likes: 6,
    description:
      "Um índice certo transforma segundos em milissegundos; um índice a mais deixa toda escrita mais lenta. Como decidir olhando o plano de execução.",
    body: `<p>Quando uma consulta fica lenta, a primeira reação costuma ser criar um índice. Às vezes resolve, às vezes não muda nada e, de quebra, deixa os <code>INSERT</code> mais caros. O segredo é parar de adivinhar e perguntar ao banco.</p>
<h2>Comece pelo EXPLAIN ANALYZE</h2>
<pre><code class="language-sql">EXPLAIN (ANALYZE, BUFFERS)
SELECT id, titulo
FROM pedidos
WHERE cliente_id = 42
ORDER BY criado_em DESC
LIMIT 20;</code></pre>
<p>Se aparecer um <code>Seq Scan</code> em uma tabela grande seguido de um <code>Sort</code>, um índice composto em <code>(cliente_id, criado_em DESC)</code> permite ao banco ler só as vinte linhas que interessam, já na ordem certa.</p>
<h2>Quando o índice não ajuda</h2>
<ul>
<li>Tabelas pequenas: ler algumas páginas em sequência é mais barato que consultar o índice.</li>
<li>Filtros pouco seletivos, como uma coluna booleana em que metade das linhas é verdadeira.</li>
<li>Funções aplicadas na coluna, como <code>lower(email)</code>, sem um índice criado sobre a mesma expressão.</li>
</ul>
<h2>Índices parciais e de expressão</h2>
<p>Se quase todas as consultas olham só para os pedidos pendentes, não é preciso indexar a tabela inteira. Um índice parcial fica pequeno, cabe na memória e é atualizado só quando a linha faz parte do filtro:</p>
<pre><code class="language-sql">CREATE INDEX pedidos_pendentes_idx
  ON pedidos (criado_em)
  WHERE status = 'pendente';

CREATE INDEX clientes_email_idx
  ON clientes (lower(email));</code></pre>
<p>O segundo exemplo é um índice de expressão: ele só é usado quando a consulta escreve exatamente <code>lower(email) = ...</code>. Combinar a forma da consulta com a forma do índice é metade do trabalho.</p>
<h2>Criando sem parar a aplicação</h2>
<p>Em tabelas grandes, um <code>CREATE INDEX</code> comum bloqueia as escritas até terminar. Em produção, use <code>CREATE INDEX CONCURRENTLY</code>: demora mais, mas deixa a aplicação trabalhando. Só lembre que ele não roda dentro de uma transação, então algumas ferramentas de migração pedem uma configuração especial.</p>
<h2>O custo escondido</h2>
<p>Cada índice precisa ser atualizado a cada escrita e ocupa memória que poderia guardar dados quentes. Revise de tempos em tempos a visão <code>pg_stat_user_indexes</code>: índices com <code>idx_scan</code> zerado há meses são candidatos a sair.</p>
<p>Por fim, meça com dados realistas. O planejador decide com base em estatísticas, e um banco de desenvolvimento com cem linhas conta uma história bem diferente da produção.</p>`,
    comments: [
      {
        author: "brunocarvalho",
        hoursAfter: 9,
        body: "A dica do pg_stat_user_indexes me fez apagar quatro índices que ninguém usava. As escritas agradeceram.",
      },
    ],
  },
  {
    title: "TypeScript no modo estrito: vale a pena a dor inicial?",
    author: "fecosta",
    category: "desenvolvimento",
    daysAgo: 24.2,
    tags: ["typescript", "Experiência"],
    likes: 5,
    description:
      "Ligamos o strict em um projeto com três anos de código. Foram centenas de erros, duas semanas de ajustes e uma queda clara nos bugs em produção.",
    body: `<p>Nosso projeto nasceu em TypeScript, mas com a configuração mais permissiva possível. Com o tempo, o <code>any</code> se espalhou e os erros de <code>undefined</code> em produção viraram rotina. Decidimos ligar o <code>strict</code> e contar a experiência aqui.</p>
<h2>O primeiro susto</h2>
<p>Ao ligar a opção, o compilador apontou mais de seiscentos erros. Em vez de corrigir tudo de uma vez, ativamos as verificações uma a uma, começando por <code>strictNullChecks</code>, que concentrava os bugs reais.</p>
<pre><code class="language-ts">function nomeDoResponsavel(time: Time): string {
  // antes: time.responsavel.nome, que quebrava em times sem responsável
  return time.responsavel?.nome ?? "Sem responsável";
}</code></pre>
<h2>Como fizemos a migração</h2>
<ol>
<li>Ligamos uma verificação por vez no <code>tsconfig.json</code>, cada uma em um pull request separado.</li>
<li>Nos arquivos com erros demais, adicionamos um comentário temporário listando o que faltava e criamos tarefas para cada módulo.</li>
<li>Proibimos <code>any</code> novo com uma regra do linter, deixando os antigos marcados para revisão.</li>
<li>Combinamos uma regra de escoteiro: quem mexe em um arquivo corrige os tipos dele.</li>
</ol>
<p>Depois do <code>strict</code>, ligamos também o <code>noUncheckedIndexedAccess</code>, que trata todo acesso a lista ou objeto por índice como possivelmente indefinido. Ele é chato no começo, mas pegou dois bugs de página em branco na primeira semana.</p>
<pre><code class="language-ts">const primeiro = pedidos[0];
// com noUncheckedIndexedAccess, primeiro é Pedido | undefined
if (!primeiro) return "Nenhum pedido ainda";
return primeiro.codigo;</code></pre>
<h2>O que mudou</h2>
<ul>
<li>Os erros de propriedade indefinida em produção caíram para quase zero em dois meses.</li>
<li>As revisões de código ficaram mais curtas, porque os tipos respondem perguntas que antes iam para os comentários.</li>
<li>Pessoas novas no time passaram a navegar pelo código com mais confiança.</li>
</ul>
<p>Foi trabalho, mas para um código que vai viver anos a conta fecha com folga. Meu conselho: se o projeto é novo, comece estrito desde o primeiro commit.</p>`,
  },
  {
    title: "Docker Compose para ambientes de desenvolvimento reproduzíveis",
    author: "lucasandrade",
    category: "desenvolvimento",
    daysAgo: 31.4,
    tags: ["docker", "Dicas"],
    likes: 4,
    description:
      "Um arquivo, um comando e o time inteiro com o mesmo banco, a mesma fila e a mesma versão de tudo. Um modelo comentado para começar.",
    body: `<p>"Na minha máquina funciona" costuma significar "na minha máquina a versão do banco é outra". O Docker Compose resolve isso descrevendo os serviços de apoio do projeto em um arquivo versionado junto com o código.</p>
<pre><code class="language-yaml">services:
  banco:
    image: postgres:16
    environment:
      POSTGRES_PASSWORD: desenvolvimento
    ports:
      - "5432:5432"
    volumes:
      - dados-banco:/var/lib/postgresql/data
    healthcheck:
      test: ["CMD", "pg_isready", "-U", "postgres"]
      interval: 5s

  cache:
    image: redis:7
    ports:
      - "6379:6379"

volumes:
  dados-banco:</code></pre>
<p>Com isso, <code>docker compose up -d</code> sobe tudo e <code>docker compose down</code> derruba sem apagar os dados, que ficam no volume nomeado.</p>
<h2>Cuidados que fazem diferença</h2>
<ul>
<li>Fixe as versões das imagens. A tag <code>latest</code> muda sem avisar.</li>
<li>Use <code>healthcheck</code> para a aplicação só iniciar quando o banco estiver pronto.</li>
<li>Deixe segredos de verdade fora do arquivo; para desenvolvimento, senhas simples bastam.</li>
</ul>
<p>Uma pessoa nova no time deveria conseguir rodar o projeto com dois comandos. Se precisar de uma página de instruções, ainda dá para simplificar.</p>`,
  },
  {
    title: "Do Java 8 ao Java 21: o que mudou no código do dia a dia",
    author: "brunocarvalho",
    category: "desenvolvimento",
    daysAgo: 38.7,
    tags: ["java", "spring-boot"],
    cover: "blocos",
    likes: 3,
    description:
      "Records, text blocks, pattern matching e threads virtuais: as novidades que realmente encurtam o código de quem ainda escreve como em 2014.",
    body: `<p>Muita empresa migrou a versão do Java, mas o código continua com cara de Java 8. Separei as mudanças que mais aparecem nas revisões que faço.</p>
<h2>Records para dados simples</h2>
<pre><code class="language-java">public record Endereco(String rua, String cidade, String cep) {}</code></pre>
<p>Uma linha substitui construtor, getters, <code>equals</code>, <code>hashCode</code> e <code>toString</code>. Ótimo para DTOs e respostas de API.</p>
<h2>Pattern matching no switch</h2>
<pre><code class="language-java">String descricao = switch (pagamento) {
    case Pix p -&gt; "Pix para " + p.chave();
    case Cartao c when c.parcelas() &gt; 1 -&gt; "Cartão em " + c.parcelas() + " vezes";
    case Cartao c -&gt; "Cartão à vista";
    case Boleto b -&gt; "Boleto com vencimento em " + b.vencimento();
};</code></pre>
<p>Com interfaces seladas, o compilador avisa quando um tipo novo de pagamento não foi tratado.</p>
<h2>Threads virtuais</h2>
<p>No Java 21, milhares de requisições bloqueantes podem rodar em threads virtuais sem esgotar o servidor. No Spring Boot 3.2 ou mais novo, basta ligar <code>spring.threads.virtual.enabled=true</code> e medir.</p>
<p>Não precisa reescrever o sistema inteiro. Comece pelas classes que você já vai tocar esta semana.</p>`,
  },
  {
    title: "Limpando dados com pandas: cinco passos que sempre uso",
    author: "camilarocha",
    category: "desenvolvimento",
    daysAgo: 44.1,
    tags: ["python", "pandas", "Ciência de Dados"],
    cover: "dados",
    likes: 5,
    description:
      "Antes de qualquer gráfico ou modelo, a planilha precisa de uma faxina. Este é o roteiro que sigo em todo projeto novo.",
    body: `<p>Oitenta por cento de um projeto de dados é limpeza. Não é a parte mais glamourosa, mas é onde mora a confiança no resultado. Este é o roteiro que repito em todo conjunto novo.</p>
<ol>
<li><strong>Olhe antes de mexer.</strong> <code>df.info()</code>, <code>df.describe()</code> e <code>df.sample(10)</code> mostram tipos, faltantes e valores estranhos.</li>
<li><strong>Padronize nomes de colunas.</strong> Tudo minúsculo, sem acento e sem espaço evita erros bobos depois.</li>
<li><strong>Converta os tipos.</strong> Datas como datas, valores como números. Planilhas brasileiras usam vírgula decimal: trate isso na leitura.</li>
<li><strong>Decida o que fazer com faltantes.</strong> Apagar, preencher ou marcar: cada coluna merece uma decisão explícita.</li>
<li><strong>Remova duplicados com critério.</strong> Duas linhas iguais podem ser um erro ou duas compras reais.</li>
</ol>
<pre><code class="language-python">import pandas as pd

vendas = pd.read_csv("vendas.csv", sep=";", decimal=",", parse_dates=["data"])
vendas.columns = (
    vendas.columns.str.strip().str.lower()
    .str.normalize("NFKD").str.encode("ascii", "ignore").str.decode("ascii")
    .str.replace(" ", "_")
)
vendas = vendas.drop_duplicates(subset=["pedido_id"])</code></pre>
<p>Guarde a limpeza em um script, não em células soltas do notebook. Quando os dados de outubro chegarem, basta rodar de novo.</p>`,
  },
  {
    title: "Meu primeiro ano estudando programação: o que eu faria diferente",
    author: "pedroalves",
    category: "desenvolvimento",
    daysAgo: 49.6,
    tags: ["carreira", "Experiência"],
    likes: 8,
    favoritedBy: ["fecosta"],
    description:
      "Cursos demais, projetos de menos e medo de perguntar. Um balanço sincero de quem ainda está procurando o primeiro estágio.",
    body: `<p>Faz um ano que decidi levar programação a sério. Olhando para trás, aprendi bastante, mas perdi tempo em coisas que hoje eu faria de outro jeito. Escrevo para quem está começando agora.</p>
<h2>O que eu faria diferente</h2>
<ul>
<li><strong>Menos cursos, mais projetos.</strong> Terminei seis cursos e só dois projetos. Foi nos projetos que aprendi de verdade.</li>
<li><strong>Perguntar mais cedo.</strong> Passei dias travado em erros que alguém resolveria em cinco minutos. Perguntar bem é uma habilidade, e ela se treina.</li>
<li><strong>Ler mensagens de erro com calma.</strong> Na maioria das vezes a resposta estava escrita ali.</li>
<li><strong>Usar Git desde o primeiro dia.</strong> Perdi um trabalho inteiro da faculdade por não ter versionado.</li>
</ul>
<h2>O que deu certo</h2>
<p>Participar de comunidades foi a melhor decisão do ano. Responder perguntas de quem sabia menos do que eu me obrigou a entender o assunto a fundo. E escrever sobre o que aprendi, como neste post, organiza a cabeça.</p>
<h2>Minha rotina hoje</h2>
<p>Depois de muita tentativa e erro, cheguei a uma rotina que cabe junto com a faculdade e que consigo manter:</p>
<ol>
<li>Uma hora por dia em um projeto pessoal, sempre o mesmo até ele ficar pronto para mostrar.</li>
<li>Duas perguntas por semana respondidas aqui na comunidade, mesmo que a resposta seja curta.</li>
<li>Um texto por mês contando algo que aprendi, com os erros incluídos.</li>
<li>Sábado livre. Descansar também faz parte do estudo.</li>
</ol>
<h2>Sobre entrevistas</h2>
<p>Fiz quatro entrevistas técnicas este ano e fui mal nas duas primeiras. O que mudou nas seguintes foi praticar em voz alta: explicar o raciocínio enquanto resolvo um problema, admitir quando não sei e perguntar quando o enunciado está ambíguo. Quem entrevista quer ver como você pensa, não só se a resposta está certa.</p>
<p>Ainda não consegui o estágio, mas hoje me sinto muito mais preparado para as entrevistas. Se você também está nessa, bora trocar figurinhas nos comentários.</p>`,
    comments: [
      {
        author: "fecosta",
        hoursAfter: 6,
        body: "Pedro, esse post já é um ótimo portfólio. Quando fizer entrevistas, fale desses projetos com o mesmo carinho.",
      },
      {
        author: "marilopes",
        hoursAfter: 30,
        body: "O item do Git me pegou. Todo mundo perde um trabalho antes de aprender!",
      },
    ],
  },
  {
    title: "O que a final da Libertadores me ensinou sobre deploy na sexta-feira",
    author: "thiagof",
    category: "desenvolvimento",
    daysAgo: 53.9,
    tags: ["Corinthians", "Libertadores", "Experiência"],
    likes: 6,
    description:
      "Uma noite de final, um deploy apressado e um celular tocando no intervalo. Lições de incidente contadas por um torcedor.",
    body: `<p>Era noite de final de Libertadores e eu queria ver o jogo em paz. Às seis da tarde de sexta, fiz o deploy de uma mudança "pequena" para não deixar para segunda. No intervalo, o telefone tocou: o checkout estava fora do ar.</p>
<h2>O que deu errado</h2>
<p>A mudança dependia de uma coluna nova no banco, e a migração não tinha rodado no ambiente de produção. Os testes passaram porque o banco de testes era recriado do zero a cada execução.</p>
<h2>O que mudamos depois</h2>
<ul>
<li>Migrações rodam automaticamente no pipeline, antes da nova versão receber tráfego.</li>
<li>Toda mudança de banco é compatível com a versão anterior do código, para permitir voltar atrás.</li>
<li>Deploys de sexta à tarde só com alguém de plantão que não esteja com ingresso comprado.</li>
<li>Um botão de reverter que qualquer pessoa do time sabe usar.</li>
</ul>
<p>O problema nunca foi o dia da semana. Foi a falta de uma forma segura e rápida de desfazer. Com isso resolvido, a sexta-feira deixa de ser assustadora. Já a final, essa continua sendo.</p>`,
    comments: [
      {
        author: "lucasandrade",
        hoursAfter: 3,
        body: "Migração compatível com a versão anterior é a dica de ouro. Salvou a gente várias vezes.",
      },
    ],
  },
  {
    title: "Como escrever posts técnicos que as pessoas leem até o fim",
    author: "fecosta",
    category: "desenvolvimento",
    daysAgo: 58.2,
    tags: ["Medium", "Conteúdo DIgital", "Dicas"],
    cover: "conversa",
    likes: 4,
    description:
      "Título que promete e entrega, exemplos que rodam e parágrafos curtos. O que aprendi publicando em blogs e newsletters de tecnologia.",
    body: `<p>Escrever sobre o que você aprendeu é uma das melhores formas de fixar conhecimento e de ser lembrado pela comunidade. Mas a maioria dos posts técnicos é abandonada no terceiro parágrafo. Estas são as práticas que mais aumentaram a leitura dos meus textos.</p>
<h2>Antes de escrever</h2>
<ul>
<li>Defina para quem é o texto. "Pessoas que já usam React e nunca escreveram testes" é melhor que "todo mundo".</li>
<li>Resuma a ideia principal em uma frase. Se não couber, são dois posts.</li>
</ul>
<h2>Durante a escrita</h2>
<ul>
<li>Comece pelo problema, não pela história da tecnologia.</li>
<li>Use exemplos que rodam de verdade e mostre o resultado esperado.</li>
<li>Parágrafos curtos, subtítulos que contam a história sozinhos e listas quando houver passos.</li>
<li>Formatação consistente nos blocos de código: ninguém quer copiar um exemplo com aspas tortas.</li>
</ul>
<h2>Depois de publicar</h2>
<p>Responda os comentários e atualize o texto quando alguém apontar um erro. Um post corrigido vale mais que um post perfeito que nunca saiu do rascunho.</p>`,
  },
];
