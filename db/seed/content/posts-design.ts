// Sample blog posts in the "design", "ux" and "ui" categories.
import type { SeedPost } from "./seed-post.ts";

export const DESIGN_POSTS: SeedPost[] = [
  {
    title: "Como montar uma paleta de cores acessível para o seu produto",
    author: "jumartins",
    category: "design",
    daysAgo: 3.4,
    tags: ["Design", "acessibilidade", "Figma"],
    cover: "paleta",
    featuredRank: 2,
    likes: 8,
    favoritedBy: ["anabeatriz", "marilopes"],
    description:
      "Contraste, escalas de tons e cores com significado: um passo a passo para criar uma paleta bonita que todo mundo consegue ler.",
    body: `<p>Uma paleta de cores não é só uma questão de gosto. Ela define se um botão é encontrado, se um aviso é percebido e se o texto é legível para quem tem baixa visão ou daltonismo. Este é o processo que uso nos projetos.</p>
<h2>1. Comece pela cor da marca</h2>
<p>Escolha a cor principal e gere uma escala de dez tons, do quase branco ao quase preto. No Figma, crie estilos para cada tom com nomes numéricos, como <code>azul-100</code> a <code>azul-900</code>. Assim, designers e devs falam a mesma língua.</p>
<h2>2. Teste o contraste cedo</h2>
<p>Texto comum precisa de contraste de pelo menos 4,5 para 1 com o fundo; textos grandes, 3 para 1. Faça a verificação para cada combinação que vai existir de verdade, e não só para o par preferido.</p>
<h2>3. Dê significado às cores, mas não dependa só delas</h2>
<ul>
<li>Verde para sucesso, vermelho para erro, amarelo para atenção.</li>
<li>Sempre acompanhe a cor com ícone ou texto. "Campo obrigatório" escrito ajuda quem não distingue vermelho de verde.</li>
</ul>
<h2>4. Separe a cor do seu papel</h2>
<p>Em vez de usar <code>azul-600</code> direto nos componentes, crie nomes que descrevem a função: cor do texto, cor de fundo, cor da ação principal, cor do erro. Esses nomes semânticos apontam para os tons da escala e facilitam qualquer mudança futura.</p>
<pre><code class="language-css">:root {
  --azul-600: #3348a4;
  --verde-500: #2dba4f;
  --cor-acao: var(--azul-600);
  --cor-sucesso: var(--verde-500);
  --cor-texto: #1f2937;
}</code></pre>
<p>Quando a marca decidir mudar o tom de azul, muda uma linha. Quando chegar o modo escuro, os nomes semânticos ganham outros valores e nenhum componente precisa ser tocado.</p>
<h2>5. Teste com outros olhos</h2>
<p>Boa parte das ferramentas de design e dos navegadores simula os tipos mais comuns de daltonismo. Passe as telas principais por esses filtros: gráficos, estados de formulário e etiquetas de status costumam revelar surpresas. Também vale olhar a interface no celular, no sol, com o brilho no mínimo. Contraste que parece suficiente no monitor do escritório nem sempre sobrevive à rua.</p>
<h2>4. Documente</h2>
<p>Uma página simples mostrando cada cor, seu uso e as combinações aprovadas evita que cada tela invente um tom novo. A paleta acessível é a que continua acessível seis meses depois.</p>`,
    comments: [
      {
        author: "anabeatriz",
        hoursAfter: 4,
        body: "Adorei a parte de não depender só da cor. Vou levar para a revisão de design do meu time.",
      },
      {
        author: "camilarocha",
        hoursAfter: 26,
        body: "Serve muito para gráficos também! Sempre uso padrões além das cores nas barras.",
      },
    ],
  },
  {
    title: "Tipografia para quem programa: o básico que faz diferença",
    author: "anabeatriz",
    category: "design",
    daysAgo: 13.2,
    tags: ["Design", "Formatação"],
    likes: 6,
    description:
      "Tamanho de fonte, altura de linha e largura do texto: três ajustes de CSS que deixam qualquer página mais agradável de ler.",
    body: `<p>Você não precisa ser designer para melhorar muito a tipografia de uma página. Três propriedades de CSS resolvem a maior parte dos problemas de leitura.</p>
<h2>Tamanho de fonte</h2>
<p>Para textos longos, 16 pixels é o mínimo confortável; muitas vezes 18 é melhor. Use <code>rem</code> para respeitar a preferência de tamanho que a pessoa configurou no navegador.</p>
<h2>Altura de linha</h2>
<p>Parágrafos respiram melhor com <code>line-height</code> entre 1,5 e 1,7. Títulos, que têm letras maiores, ficam bem com valores menores, perto de 1,2.</p>
<h2>Largura do texto</h2>
<p>Linhas muito longas cansam os olhos. Limite os parágrafos a cerca de 70 caracteres:</p>
<pre><code class="language-css">.artigo p {
  font-size: 1.125rem;
  line-height: 1.6;
  max-width: 70ch;
}</code></pre>
<p>Com esses três ajustes e uma boa hierarquia de títulos, o texto fica mais fácil de ler sem nenhuma fonte especial.</p>`,
  },
  {
    title: "Componentes no Figma que o time de desenvolvimento entende",
    author: "jumartins",
    category: "design",
    daysAgo: 27.5,
    tags: ["Figma", "Design"],
    cover: "grade",
    likes: 5,
    description:
      "Propriedades com os mesmos nomes do código, variantes que refletem estados reais e auto layout no lugar de medidas soltas.",
    body: `<p>Já entreguei arquivos lindos no Figma que viraram dor de cabeça na implementação. Com o tempo aprendi que um bom componente de design é aquele que se parece com um componente de código.</p>
<h2>Nomeie como o código nomeia</h2>
<p>Se no código o botão tem a propriedade <code>variant</code> com os valores <code>primary</code> e <code>secondary</code>, use os mesmos nomes no Figma. A conversa na hora do handoff fica muito mais curta.</p>
<h2>Variantes para estados reais</h2>
<ul>
<li>Padrão, passando o mouse, com foco, pressionado e desabilitado.</li>
<li>Com ícone e sem ícone, quando isso de fato existir no produto.</li>
<li>Carregando, para botões que disparam ações demoradas.</li>
</ul>
<h2>Auto layout sempre</h2>
<p>Componentes com auto layout se comportam como flexbox: crescem com o texto e respeitam espaçamentos. Medidas soltas escondem decisões que o time de desenvolvimento vai ter que adivinhar.</p>
<p>Por último, converse. Meia hora revisando os componentes juntos economiza dias de idas e vindas.</p>`,
  },
  {
    title: "O que aprendi redesenhando o app de uma padaria de bairro",
    author: "marilopes",
    category: "design",
    daysAgo: 46.5,
    tags: ["Design", "Experiência"],
    likes: 7,
    description:
      "Um projeto voluntário, um público que não queria baixar aplicativo e um pedido de pão francês que precisava caber em três toques.",
    body: `<p>A padaria da minha rua queria vender pelo celular. O primeiro protótipo que fiz tinha cadastro, carrinho, cupons e programa de fidelidade. Foi um fracasso no primeiro teste com clientes.</p>
<h2>Ouvir quem compra</h2>
<p>Passei duas manhãs no balcão conversando com os clientes. A maioria queria uma coisa só: encomendar o pão de sempre para buscar no caminho do trabalho. Ninguém queria criar senha.</p>
<h2>O que mudou no desenho</h2>
<ul>
<li>Entrada pelo número de telefone, com um código enviado por mensagem.</li>
<li>Tela inicial com o último pedido pronto para repetir.</li>
<li>Botões grandes e texto legível, pensando em quem usa óculos de leitura.</li>
</ul>
<p>O pedido mais comum passou a levar três toques. Em um mês, um terço das encomendas da manhã vinha pelo app.</p>
<p>A lição: antes de desenhar funcionalidades, descubra a tarefa principal e deixe ela ridiculamente fácil.</p>`,
    comments: [
      {
        author: "jumartins",
        hoursAfter: 12,
        body: "Duas manhãs no balcão valem mais que qualquer formulário de pesquisa. Que história boa!",
      },
    ],
  },
  {
    title: "Ilustrações em SVG: leves, nítidas e fáceis de animar",
    author: "anabeatriz",
    category: "ui",
    daysAgo: 0.6,
    tags: ["Arte", "Web", "html"],
    cover: "blocos",
    likes: 2,
    description:
      "Por que SVG é o formato ideal para ilustrações e ícones na web, e como otimizar os arquivos exportados do editor.",
    body: `<p>Ilustrações planas, ícones e logotipos ficam perfeitos em SVG: o arquivo é texto, pesa pouco e continua nítido em qualquer tela, do celular ao monitor 4K.</p>
<h2>Otimize o que o editor exporta</h2>
<p>Ferramentas de design costumam exportar metadados, grupos vazios e números com muitas casas decimais. Uma passada por um otimizador reduz o arquivo pela metade sem mudar o desenho.</p>
<h2>Cores que seguem o tema</h2>
<p>Em ícones, use <code>currentColor</code> no preenchimento. Assim o ícone herda a cor do texto e acompanha o modo escuro sem nenhum arquivo extra.</p>
<pre><code class="language-html">&lt;svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"&gt;
  &lt;circle cx="12" cy="12" r="10" fill="currentColor" /&gt;
&lt;/svg&gt;</code></pre>
<h2>Acessibilidade</h2>
<p>Ilustração decorativa leva <code>aria-hidden="true"</code> ou <code>alt</code> vazio. Se ela transmite informação, descreva o conteúdo em um texto alternativo curto.</p>`,
  },
  {
    title: "Modo escuro sem sofrimento com variáveis CSS",
    author: "thiagof",
    category: "ui",
    daysAgo: 8.1,
    tags: ["css", "Web"],
    cover: "codigo",
    likes: 7,
    favoritedBy: ["anabeatriz"],
    description:
      "Um conjunto de variáveis, a preferência do sistema e um botão para trocar: o roteiro para implementar tema escuro de forma organizada.",
    body: `<p>Modo escuro deixou de ser luxo: muita gente usa o celular e o computador assim o dia inteiro. A boa notícia é que, com variáveis CSS, implementar o tema é mais organização do que trabalho.</p>
<h2>Cores como variáveis</h2>
<pre><code class="language-css">:root {
  --cor-fundo: #ffffff;
  --cor-texto: #1f2937;
  --cor-primaria: #3348a4;
}

@media (prefers-color-scheme: dark) {
  :root {
    --cor-fundo: #111827;
    --cor-texto: #e5e7eb;
    --cor-primaria: #8fa0ff;
  }
}

body {
  background: var(--cor-fundo);
  color: var(--cor-texto);
}</code></pre>
<h2>Cuidados</h2>
<ul>
<li>Não inverta tudo: a cor primária geralmente precisa de um tom mais claro no escuro para manter o contraste.</li>
<li>Evite preto puro no fundo; um cinza bem escuro cansa menos a vista.</li>
<li>Imagens e sombras também mudam: sombras quase não aparecem no escuro, prefira bordas sutis.</li>
</ul>
<p>Se quiser um botão para trocar o tema, guarde a escolha e aplique um atributo no elemento <code>html</code> que sobrescreve as variáveis. A preferência do sistema continua sendo o padrão.</p>`,
  },
  {
    title: "Grid, flexbox ou os dois? Um guia prático de layout",
    author: "anabeatriz",
    category: "ui",
    daysAgo: 20.4,
    tags: ["css", "html"],
    cover: "grade",
    likes: 8,
    description:
      "Flexbox para uma dimensão, grid para duas: a regra ajuda, mas os casos reais pedem combinação. Exemplos de cabeçalho, cartões e página inteira.",
    body: `<p>Toda semana alguém pergunta se deve usar grid ou flexbox. A resposta curta: flexbox organiza itens em uma linha ou coluna; grid organiza linhas e colunas ao mesmo tempo. Na prática, quase toda página usa os dois.</p>
<h2>Flexbox: o cabeçalho</h2>
<p>Logo à esquerda, links no meio e botões à direita é um caso clássico de uma dimensão. Um <code>display: flex</code> com <code>justify-content: space-between</code> resolve.</p>
<h2>Grid: a vitrine de cartões</h2>
<pre><code class="language-css">.cartoes {
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: 1.5rem;
}</code></pre>
<p>Os cartões se reorganizam sozinhos conforme a largura da tela, sem nenhuma media query.</p>
<h2>Os dois juntos</h2>
<p>Use grid para o esqueleto da página (cabeçalho, conteúdo, coluna lateral e rodapé) e flexbox dentro de cada componente. Para centralizar algo nas duas direções, <code>display: grid</code> com <code>place-items: center</code> é a forma mais curta que existe.</p>`,
    comments: [
      {
        author: "marilopes",
        hoursAfter: 8,
        body: "O place-items: center resolveu exatamente a minha dúvida da tela de login. Obrigada!",
      },
    ],
  },
  {
    title: "Microinterações: pequenos detalhes que dão vida à interface",
    author: "jumartins",
    category: "ui",
    daysAgo: 34.8,
    tags: ["Design", "Figma"],
    likes: 4,
    description:
      "O botão que confirma o clique, o campo que avisa do erro na hora certa: como desenhar e especificar microinterações que ajudam.",
    body: `<p>Microinterações são os momentos pequenos de uma interface: curtir um post, ligar uma opção, arrastar um item. Quando são bem feitas, ninguém repara. Quando faltam, o produto parece quebrado.</p>
<h2>Os quatro elementos</h2>
<ol>
<li><strong>Gatilho:</strong> o que inicia a interação, como um clique ou uma mudança de estado.</li>
<li><strong>Regras:</strong> o que acontece depois do gatilho.</li>
<li><strong>Resposta:</strong> o que a pessoa vê, ouve ou sente.</li>
<li><strong>Ciclos:</strong> o que muda se a interação se repetir.</li>
</ol>
<h2>Boas práticas</h2>
<ul>
<li>Animações curtas, entre 150 e 300 milissegundos, para não atrasar ninguém.</li>
<li>Respeite quem pediu menos movimento no sistema operacional.</li>
<li>Especifique no Figma com protótipos e anote duração e curva de aceleração.</li>
</ul>
<p>Uma microinteração boa responde a uma pergunta que a pessoa nem chegou a fazer: "deu certo?".</p>`,
  },
  {
    title: "Ícones na interface: quando usar, quando rotular",
    author: "marilopes",
    category: "ui",
    daysAgo: 41.3,
    tags: ["Design", "acessibilidade"],
    likes: 3,
    description:
      "Ícones economizam espaço, mas só os muito conhecidos dispensam texto. Como decidir e como deixar botões de ícone acessíveis.",
    body: `<p>Lupa é busca, casinha é início, xis é fechar. Fora esse punhado de ícones universais, quase todos os outros são interpretados de formas diferentes por pessoas diferentes.</p>
<h2>Quando o ícone pode ficar sozinho</h2>
<ul>
<li>Quando o significado é amplamente conhecido e o contexto ajuda.</li>
<li>Quando o espaço é realmente limitado, como em barras de ferramentas de editores.</li>
</ul>
<h2>Quando rotular</h2>
<p>Na navegação principal, em ações destrutivas e em qualquer função nova do produto, ícone com texto evita erros e dúvidas.</p>
<h2>Botões só com ícone</h2>
<p>Todo botão sem texto visível precisa de um nome acessível, para que leitores de tela anunciem algo útil:</p>
<pre><code class="language-html">&lt;button type="button" aria-label="Notificações"&gt;
  &lt;svg aria-hidden="true"&gt;…&lt;/svg&gt;
&lt;/button&gt;</code></pre>
<p>Uma dica de ferramenta ao passar o mouse ajuda quem enxerga, mas não substitui o nome acessível.</p>`,
  },
  {
    title: "Pesquisa com usuários com orçamento zero",
    author: "jumartins",
    category: "ux",
    daysAgo: 1.9,
    tags: ["ux", "Dicas"],
    cover: "fluxo",
    likes: 3,
    description:
      "Sem verba e sem laboratório, ainda dá para aprender muito com cinco conversas bem conduzidas. Um roteiro simples para começar na próxima semana.",
    body: `<p>Muitos times pulam a pesquisa porque acham que ela exige orçamento, recrutamento profissional e salas com espelho. Não exige. Cinco conversas de trinta minutos já revelam a maior parte dos problemas de um fluxo.</p>
<h2>Recrutamento</h2>
<p>Convide pessoas da sua base de clientes, do suporte ou até de comunidades como esta. Um agradecimento sincero e o compromisso de mostrar o resultado costumam bastar.</p>
<h2>Roteiro</h2>
<ol>
<li>Peça para a pessoa contar a última vez que precisou resolver o problema que seu produto resolve.</li>
<li>Dê uma tarefa real no protótipo e peça para ela pensar em voz alta.</li>
<li>Não ajude. Anote onde ela hesita, volta ou desiste.</li>
<li>No fim, pergunte o que ela esperava que acontecesse nos momentos de dúvida.</li>
</ol>
<h2>Depois das conversas</h2>
<p>Junte as anotações do time em um quadro, agrupe por tema e escolha os três problemas mais frequentes. Pesquisa que não vira decisão é só conversa agradável.</p>`,
  },
  {
    title: "Mensagens de erro que ajudam em vez de culpar",
    author: "anabeatriz",
    category: "ux",
    daysAgo: 9.7,
    tags: ["ux", "acessibilidade"],
    cover: "conversa",
    featuredRank: 3,
    likes: 7,
    favoritedBy: ["jumartins", "fecosta"],
    description:
      '"Dados inválidos" não diz nada a ninguém. Como escrever mensagens de erro claras, gentis e acessíveis, com exemplos de antes e depois.',
    body: `<p>Uma mensagem de erro aparece justamente no pior momento: quando a pessoa já está frustrada. Ela pode resolver a situação em segundos ou fazer alguém desistir do cadastro.</p>
<h2>Três perguntas que toda mensagem responde</h2>
<ol>
<li>O que aconteceu?</li>
<li>Por que aconteceu, se isso ajudar?</li>
<li>O que a pessoa pode fazer agora?</li>
</ol>
<h2>Antes e depois</h2>
<ul>
<li>Antes: "Erro 422." Depois: "Não conseguimos salvar: o título está vazio. Escreva um título para continuar."</li>
<li>Antes: "Senha inválida." Depois: "A senha deve ter pelo menos 8 caracteres."</li>
<li>Antes: "Falha na operação." Depois: "Sem conexão com a internet. Suas respostas foram guardadas e enviaremos assim que a conexão voltar."</li>
</ul>
<h2>Onde e como mostrar</h2>
<p>Mostre o erro ao lado do campo que precisa de correção, não só em um aviso no topo da página. Ligue a mensagem ao campo com <code>aria-describedby</code>, para que leitores de tela a anunciem, e não use apenas a cor vermelha para indicar o problema.</p>
<h2>O momento certo</h2>
<p>Validar enquanto a pessoa ainda está digitando costuma irritar: o aviso de e-mail inválido aparece antes de ela terminar de escrever. Prefira validar quando ela sai do campo e, de novo, ao enviar o formulário. Depois que um erro apareceu, aí sim vale revalidar a cada tecla, para que a mensagem suma assim que o problema for resolvido.</p>
<h2>Quando a culpa é do sistema</h2>
<p>Nem todo erro vem do que a pessoa digitou. Servidor fora do ar, tempo esgotado, conflito de edição: nesses casos, assuma a responsabilidade, diga se o trabalho foi perdido ou não e ofereça um próximo passo, como tentar de novo ou salvar um rascunho. Nunca mostre a pilha de erro ou códigos internos na tela; eles vão para os logs, onde o time consegue investigar.</p>
<ul>
<li>"Algo deu errado" sozinho não ajuda ninguém.</li>
<li>"Não conseguimos publicar agora. Seu texto continua aqui; tente de novo em alguns instantes." resolve a ansiedade de quem acabou de escrever por meia hora.</li>
</ul>
<h2>Teste as mensagens</h2>
<p>Leia as mensagens em voz alta, como se estivesse explicando o problema para alguém no balcão. Se soar robótico ou ríspido, reescreva. E inclua as mensagens de erro nos testes de usabilidade: provoque os erros de propósito e observe se as pessoas conseguem se recuperar sozinhas.</p>
<p>Por fim, evite culpar: "você digitou errado" vira "confira o e-mail informado". O tom gentil não custa nada e muda a experiência inteira.</p>`,
    comments: [
      {
        author: "fecosta",
        hoursAfter: 10,
        body: "Vou mandar este post para o time inteiro. Nossa tela de cadastro tem três mensagens do tipo antes.",
      },
    ],
  },
  {
    title: "Formulários longos: como dividir sem perder o usuário",
    author: "marilopes",
    category: "ux",
    daysAgo: 15.6,
    tags: ["ux", "Web"],
    likes: 5,
    description:
      "Etapas, indicador de progresso e dados salvos pelo caminho: técnicas para formulários grandes que as pessoas conseguem terminar.",
    body: `<p>Alguns formulários são longos por natureza: abertura de conta, matrícula, pedido de financiamento. Não dá para encurtar tudo, mas dá para tornar o caminho muito mais leve.</p>
<h2>Divida por assunto</h2>
<p>Agrupe os campos em etapas que façam sentido para a pessoa: dados pessoais, endereço, pagamento. Cada etapa com um título claro e poucos campos.</p>
<h2>Mostre o progresso</h2>
<p>Um indicador como "Etapa 2 de 4" reduz a ansiedade. Evite barras de porcentagem que andam de forma irregular.</p>
<h2>Não perca nada</h2>
<ul>
<li>Salve o rascunho a cada etapa concluída.</li>
<li>Permita voltar sem apagar o que já foi preenchido.</li>
<li>Valide cada campo quando a pessoa sai dele, não a cada tecla digitada.</li>
</ul>
<h2>Peça só o necessário</h2>
<p>Para cada campo, pergunte: o que acontece se não pedirmos isso agora? Muitas vezes a resposta é "nada", e o campo pode esperar para depois do cadastro.</p>`,
  },
  {
    title: "Métricas de UX que o time inteiro consegue acompanhar",
    author: "camilarocha",
    category: "ux",
    daysAgo: 22.9,
    tags: ["ux", "Ciência de Dados"],
    cover: "dados",
    likes: 4,
    description:
      "Taxa de sucesso, tempo na tarefa e abandono por etapa: indicadores simples que conectam design e dados sem painéis intermináveis.",
    body: `<p>Design e dados costumam conversar pouco. O time de design fala de percepção, o de dados fala de conversão, e ninguém sabe se a nova tela ficou melhor. Algumas métricas simples aproximam os dois lados.</p>
<h2>Métricas de tarefa</h2>
<ul>
<li><strong>Taxa de sucesso:</strong> quantas pessoas que começaram a tarefa conseguiram terminar.</li>
<li><strong>Tempo na tarefa:</strong> use a mediana, porque algumas sessões abertas a tarde inteira distorcem a média.</li>
<li><strong>Abandono por etapa:</strong> mostra exatamente onde o fluxo perde gente.</li>
</ul>
<h2>Métricas de percepção</h2>
<p>Uma pergunta curta ao final da tarefa, como "Quão fácil foi concluir?", com escala de um a sete, complementa os números de comportamento.</p>
<h2>Como apresentar</h2>
<p>Um painel com poucos indicadores, sempre comparando com o período anterior, funciona melhor que vinte gráficos. E junto de cada número, uma frase explicando o que ele significa para o produto.</p>`,
  },
  {
    title: "Onboarding de produto: menos tour, mais primeiro sucesso",
    author: "fecosta",
    category: "ux",
    daysAgo: 56.4,
    tags: ["ux", "Experiência"],
    cover: "fluxo",
    likes: 4,
    description:
      "Ninguém lê o tour de dez passos. Como trocamos balões explicativos por um caminho curto até a primeira conquista dentro do produto.",
    body: `<p>Nosso produto tinha um tour de boas-vindas com dez balões explicando cada botão da tela. Os dados mostraram o óbvio: quase todo mundo fechava no segundo balão e voltava perdido depois.</p>
<h2>O que é o primeiro sucesso</h2>
<p>Perguntamos: qual é a primeira coisa que faz alguém perceber o valor do produto? No nosso caso, era publicar o primeiro relatório. Todo o onboarding passou a existir para levar a pessoa até ali.</p>
<h2>O que mudamos</h2>
<ul>
<li>Trocamos o tour por uma lista curta de três tarefas, com a primeira já meio feita.</li>
<li>Usamos dados de exemplo para que a tela nunca começasse vazia.</li>
<li>Movemos as explicações para o momento em que cada recurso é usado pela primeira vez.</li>
</ul>
<p>Em dois meses, a quantidade de pessoas que publicavam o primeiro relatório na primeira semana quase dobrou. Onboarding bom não explica o produto inteiro: ele entrega uma vitória rápida.</p>`,
  },
];
