package retrieve

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/hrag-dev/hrag/pkg/language"
	"github.com/hrag-dev/hrag/pkg/store"
	"github.com/hrag-dev/hrag/pkg/text"
)

// NullQuestions are off-topic questions for calibrating the relevance gate,
// by baseline (NullBaseline): the same eight general-knowledge questions,
// which personal notes, manuals and papers are unlikely to answer, in a
// language of each script (text.Script names; English for Latin) and in
// the other Latin-script languages the index reads ("Latin:german"). The
// similarity they reach is the model's "nothing relevant" level for a
// collection and for questions in that script or language: a model trained
// on English text places questions in another script on a scale of their
// own (bge-small gave off-topic Chinese, Hebrew and Greek questions
// 0.53–0.64 over English notes, English ones about 0.49), and a
// multilingual one places a question in another language than the notes'
// lower than one in theirs (multilingual-e5 over the English sample notes:
// English 0.76, Spanish 0.73). A question in a script without entries, or
// without letters, is measured against the highest of the scripts'
// (NullAnyScript).
var NullQuestions = map[string][]string{
	text.ScriptLatin: {
		"Who won the football world cup in 1998?",
		"What is the capital city of Australia?",
		"How many moons does Jupiter have?",
		"Who painted the Mona Lisa?",
		"What is the boiling point of ethanol?",
		"In which year did the Western Roman Empire fall?",
		"How tall is Mount Kilimanjaro?",
		"Which composer wrote The Four Seasons?",
	},
	nullLatin + "german": {
		"Wer hat 1998 die Fußball-Weltmeisterschaft gewonnen?",
		"Was ist die Hauptstadt Australiens?",
		"Wie viele Monde hat Jupiter?",
		"Wer hat die Mona Lisa gemalt?",
		"Wo liegt der Siedepunkt von Ethanol?",
		"In welchem Jahr fiel das Weströmische Reich?",
		"Wie hoch ist der Kilimandscharo?",
		"Welcher Komponist schrieb Die vier Jahreszeiten?",
	},
	nullLatin + "french": {
		"Qui a gagné la Coupe du monde de football en 1998 ?",
		"Quelle est la capitale de l'Australie ?",
		"Combien de lunes Jupiter a-t-il ?",
		"Qui a peint la Joconde ?",
		"Quel est le point d'ébullition de l'éthanol ?",
		"En quelle année l'Empire romain d'Occident est-il tombé ?",
		"Quelle est la hauteur du Kilimandjaro ?",
		"Quel compositeur a écrit Les Quatre Saisons ?",
	},
	nullLatin + "spanish": {
		"¿Quién ganó el Mundial de fútbol de 1998?",
		"¿Cuál es la capital de Australia?",
		"¿Cuántas lunas tiene Júpiter?",
		"¿Quién pintó la Mona Lisa?",
		"¿Cuál es el punto de ebullición del etanol?",
		"¿En qué año cayó el Imperio romano de Occidente?",
		"¿Qué altura tiene el Kilimanjaro?",
		"¿Qué compositor escribió Las cuatro estaciones?",
	},
	nullLatin + "italian": {
		"Chi ha vinto i Mondiali di calcio del 1998?",
		"Qual è la capitale dell'Australia?",
		"Quante lune ha Giove?",
		"Chi ha dipinto la Gioconda?",
		"Qual è il punto di ebollizione dell'etanolo?",
		"In quale anno cadde l'Impero romano d'Occidente?",
		"Quanto è alto il Kilimangiaro?",
		"Quale compositore ha scritto Le quattro stagioni?",
	},
	nullLatin + "portuguese": {
		"Quem ganhou a Copa do Mundo de futebol de 1998?",
		"Qual é a capital da Austrália?",
		"Quantas luas tem Júpiter?",
		"Quem pintou a Mona Lisa?",
		"Qual é o ponto de ebulição do etanol?",
		"Em que ano caiu o Império Romano do Ocidente?",
		"Qual é a altura do Kilimanjaro?",
		"Que compositor escreveu As Quatro Estações?",
	},
	nullLatin + "dutch": {
		"Wie won het wereldkampioenschap voetbal van 1998?",
		"Wat is de hoofdstad van Australië?",
		"Hoeveel manen heeft Jupiter?",
		"Wie schilderde de Mona Lisa?",
		"Wat is het kookpunt van ethanol?",
		"In welk jaar viel het West-Romeinse Rijk?",
		"Hoe hoog is de Kilimanjaro?",
		"Welke componist schreef De vier jaargetijden?",
	},
	text.ScriptCyrillic: {
		"Кто выиграл чемпионат мира по футболу в 1998 году?",
		"Какой город является столицей Австралии?",
		"Сколько спутников у Юпитера?",
		"Кто написал картину «Мона Лиза»?",
		"Какова температура кипения этанола?",
		"В каком году пала Западная Римская империя?",
		"Какова высота горы Килиманджаро?",
		"Какой композитор написал «Времена года»?",
	},
	text.ScriptGreek: {
		"Ποιος κέρδισε το Παγκόσμιο Κύπελλο ποδοσφαίρου το 1998;",
		"Ποια είναι η πρωτεύουσα της Αυστραλίας;",
		"Πόσα φεγγάρια έχει ο Δίας;",
		"Ποιος ζωγράφισε τη Μόνα Λίζα;",
		"Ποιο είναι το σημείο βρασμού της αιθανόλης;",
		"Σε ποιο έτος έπεσε η Δυτική Ρωμαϊκή Αυτοκρατορία;",
		"Πόσο ψηλό είναι το όρος Κιλιμάντζαρο;",
		"Ποιος συνθέτης έγραψε τις Τέσσερις Εποχές;",
	},
	text.ScriptHan: {
		"1998年足球世界杯冠军是谁？",
		"澳大利亚的首都是哪个城市？",
		"木星有多少颗卫星？",
		"谁画了《蒙娜丽莎》？",
		"乙醇的沸点是多少？",
		"西罗马帝国在哪一年灭亡？",
		"乞力马扎罗山有多高？",
		"哪位作曲家写了《四季》？",
	},
	text.ScriptJapanese: {
		"1998年のサッカーワールドカップで優勝したのはどこですか？",
		"オーストラリアの首都はどこですか？",
		"木星には衛星がいくつありますか？",
		"モナ・リザを描いたのは誰ですか？",
		"エタノールの沸点は何度ですか？",
		"西ローマ帝国は何年に滅亡しましたか？",
		"キリマンジャロ山の高さはどれくらいですか？",
		"「四季」を作曲したのはどの作曲家ですか？",
	},
	text.ScriptHangul: {
		"1998년 축구 월드컵에서 우승한 나라는 어디입니까?",
		"호주의 수도는 어디입니까?",
		"목성에는 위성이 몇 개 있습니까?",
		"모나리자를 그린 사람은 누구입니까?",
		"에탄올의 끓는점은 몇 도입니까?",
		"서로마 제국은 몇 년에 멸망했습니까?",
		"킬리만자로산의 높이는 얼마입니까?",
		"사계를 작곡한 작곡가는 누구입니까?",
	},
	text.ScriptArabic: {
		"من فاز بكأس العالم لكرة القدم عام 1998؟",
		"ما هي عاصمة أستراليا؟",
		"كم عدد أقمار كوكب المشتري؟",
		"من رسم لوحة الموناليزا؟",
		"ما هي درجة غليان الإيثانول؟",
		"في أي عام سقطت الإمبراطورية الرومانية الغربية؟",
		"ما ارتفاع جبل كليمنجارو؟",
		"أي ملحن كتب الفصول الأربعة؟",
	},
	text.ScriptHebrew: {
		"מי זכה בגביע העולם בכדורגל ב-1998?",
		"מהי עיר הבירה של אוסטרליה?",
		"כמה ירחים יש לצדק?",
		"מי צייר את המונה ליזה?",
		"מהי נקודת הרתיחה של אתנול?",
		"באיזו שנה נפלה האימפריה הרומית המערבית?",
		"מה גובהו של הר קילימנג'רו?",
		"איזה מלחין כתב את ארבע העונות?",
	},
	text.ScriptDevanagari: {
		"1998 का फुटबॉल विश्व कप किसने जीता?",
		"ऑस्ट्रेलिया की राजधानी कौन सा शहर है?",
		"बृहस्पति के कितने चंद्रमा हैं?",
		"मोना लिसा किसने बनाई?",
		"एथेनॉल का क्वथनांक क्या है?",
		"पश्चिमी रोमन साम्राज्य का पतन किस वर्ष हुआ?",
		"किलिमंजारो पर्वत कितना ऊँचा है?",
		"द फोर सीज़न्स किस संगीतकार ने लिखा?",
	},
	text.ScriptThai: {
		"ใครชนะฟุตบอลโลกปี 1998?",
		"เมืองหลวงของออสเตรเลียคือเมืองอะไร?",
		"ดาวพฤหัสบดีมีดวงจันทร์กี่ดวง?",
		"ใครวาดภาพโมนาลิซา?",
		"จุดเดือดของเอทานอลคือเท่าไร?",
		"จักรวรรดิโรมันตะวันตกล่มสลายในปีใด?",
		"ภูเขาคิลิมันจาโรสูงเท่าไร?",
		"คีตกวีคนใดประพันธ์เพลงโฟร์ซีซันส์?",
	},
}

// nullLatin opens the NullQuestions key of a Latin-script language other
// than English.
const nullLatin = text.ScriptLatin + ":"

// NullBaseline is the NullQuestions key whose baseline a question is
// measured against: for a Latin-script question whose function words tell
// a language NullQuestions has (language.QuestionLanguage) that language's,
// for any other its script's (text.Script) when NullQuestions has it;
// NullAnyScript for a question in another script or without letters
// ("2018"), which an embedding model may place anywhere.
func NullBaseline(question string) string {
	s := text.Script(question)
	if s == text.ScriptLatin {
		if l := language.QuestionLanguage(question); len(NullQuestions[nullLatin+l]) > 0 {
			return nullLatin + l
		}
	}
	if len(NullQuestions[s]) > 0 {
		return s
	}
	return NullAnyScript
}

// NullAnyScript names the baseline of questions in a script NullQuestions
// lacks: the highest baseline of the scripts it has (each measured when
// missing; the Latin-script languages other than English left out), so
// that no script is judged on a lower level than any known one.
const NullAnyScript = "any"

// NullHeadroom is the share of the distance from the off-topic baseline to
// 1 that the best cosine similarity must cover for the gate to accept it on
// similarity alone: threshold = base + NullHeadroom × (1 − base). A share,
// not a fixed margin, because models place their scores on scales of very
// different width: bge-small's off-topic level on English notes is about
// 0.49 (threshold 0.59, the 0.1 margin this replaced), multilingual-e5's
// about 0.76, where a margin of 0.1 (0.86) refused questions that its
// nearest passage answers at 0.83 (docs/measurements.md, "The gate on a
// compressed scale").
const NullHeadroom = 0.2

// minSimilarity returns the similarity threshold of the gate for question
// on this collection and table: the configured one, raised to the
// off-topic baseline of the question's script or language (NullBaseline;
// a Latin-script language's only where it is below English's) plus
// NullHeadroom of its distance to 1, when that is higher. A model
// trained on English places an off-topic German question near a
// collection's German notes, above the English ones a cross-language
// question asks about (MiniLM on the sample notes: German 0.34, English
// 0.24), so its language's level there would refuse those questions
// without refusing more off-topic ones (docs/measurements.md, "The gate
// per language"). Embedding models differ widely here: all-MiniLM-L6-v2
// gives off-topic questions about 0.1-0.2 on the sample notes,
// multilingual-e5-small about 0.75, and a model trained on English text
// gives questions in other scripts a scale of their own; a fixed threshold
// that suits one lets everything through with another. A script's baseline
// is measured on its first question after the collection changed (one
// batch of 8 query embeddings and as many vector searches) and stored. It
// returns the threshold and, when raised, a note for the reason.
func (r *Retriever) minSimilarity(ctx context.Context, coll store.Collection, t *store.CollectionVectors, configured float64, question string) (float64, string, error) {
	if configured < 0 || t == nil {
		return configured, "", nil
	}
	script := NullBaseline(question)
	scripts := []string{script}
	lowest := strings.HasPrefix(script, nullLatin) // a language's level, where below English's
	switch {
	case script == NullAnyScript:
		scripts = slices.DeleteFunc(slices.Sorted(maps.Keys(NullQuestions)), func(k string) bool { return strings.HasPrefix(k, nullLatin) })
	case lowest:
		scripts = append(scripts, text.ScriptLatin)
	}
	base := 0.0
	for i, sc := range scripts {
		v, ok := t.NullSimilarity[sc]
		if !ok {
			var err error
			if v, err = r.nullSimilarity(ctx, coll, t.Name, NullQuestions[sc]); err != nil {
				return 0, "", err
			}
			if err := r.Store.SetNullSimilarity(ctx, coll.ID, t.Name, sc, v); err != nil {
				return 0, "", err
			}
			if t.NullSimilarity == nil {
				t.NullSimilarity = map[string]float64{}
			}
			t.NullSimilarity[sc] = v
		}
		if lowest && i > 0 {
			base = min(base, v)
		} else {
			base = max(base, v)
		}
	}
	margin := NullHeadroom * (1 - base)
	if raised := base + margin; raised > configured {
		of := "this model on this collection"
		switch {
		case script == text.ScriptLatin || lowest && base >= t.NullSimilarity[text.ScriptLatin]:
		case script == NullAnyScript:
			of += " for questions in any script (the highest of its scripts' levels)"
		case lowest:
			l := strings.TrimPrefix(script, nullLatin)
			of += " for questions in " + strings.ToUpper(l[:1]) + l[1:]
		default:
			of += " for questions in " + script + " script"
		}
		return raised, fmt.Sprintf(" (RAG_GATE_MIN_SIMILARITY %.2f raised to the off-topic level of %s, %.2f + %.2f)", configured, of, base, margin), nil
	}
	return configured, "", nil
}

// nullSimilarity is the median, over questions, of the best cosine
// similarity each reaches in the collection's vector table.
func (r *Retriever) nullSimilarity(ctx context.Context, coll store.Collection, table string, questions []string) (float64, error) {
	texts := make([]string, len(questions))
	for i, q := range questions {
		texts[i] = r.QueryPrefix + q
	}
	vecs, err := r.Embedder.Embed(ctx, texts)
	if err != nil {
		return 0, fmt.Errorf("calibrating the relevance gate: %w", err)
	}
	var best []float64
	for _, v := range vecs {
		hits, err := r.Store.SearchVector(ctx, table, coll.ID, v, 1, store.DocumentFilter{})
		if err != nil {
			return 0, err
		}
		if len(hits) > 0 {
			best = append(best, hits[0].Similarity)
		}
	}
	if len(best) == 0 {
		return 0, nil
	}
	sort.Float64s(best)
	m := len(best) / 2
	if len(best)%2 == 0 {
		return (best[m-1] + best[m]) / 2, nil
	}
	return best[m], nil
}
