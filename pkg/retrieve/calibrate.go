package retrieve

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"

	"github.com/hrag-dev/hrag/pkg/store"
	"github.com/hrag-dev/hrag/pkg/text"
)

// NullQuestions are off-topic questions for calibrating the relevance gate,
// by script of the question (text.Script names): the same eight
// general-knowledge questions, which personal notes, manuals and papers are
// unlikely to answer, in a language of each script. The similarity they
// reach is the model's "nothing relevant" level for a collection and for
// questions in that script: a model trained on English text places
// questions in another script on a scale of their own (bge-small gave
// off-topic Chinese, Hebrew and Greek questions 0.53–0.64 over English
// notes, English ones about 0.49). A question in a script without entries,
// or without letters, is measured against the highest of them
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

// NullScript is the script whose baseline (and NullQuestions) a question
// is measured against: its own (text.Script) when NullQuestions has it;
// NullAnyScript for a question in another script or without letters
// ("2018"), which an embedding model may place anywhere.
func NullScript(question string) string {
	if s := text.Script(question); len(NullQuestions[s]) > 0 {
		return s
	}
	return NullAnyScript
}

// NullAnyScript names the baseline of questions in a script NullQuestions
// lacks: the highest baseline of the scripts it has (each measured when
// missing), so that no script is judged on a lower level than any known one.
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
// off-topic baseline of the question's script (NullScript) plus
// NullHeadroom of its distance to 1, when that is higher. Embedding models differ widely here: all-MiniLM-L6-v2
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
	script := NullScript(question)
	scripts := []string{script}
	if script == NullAnyScript {
		scripts = slices.Sorted(maps.Keys(NullQuestions))
	}
	base := 0.0
	for _, sc := range scripts {
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
		base = max(base, v)
	}
	margin := NullHeadroom * (1 - base)
	if raised := base + margin; raised > configured {
		of := "this model on this collection"
		switch script {
		case text.ScriptLatin:
		case NullAnyScript:
			of += " for questions in any script (the highest of its scripts' levels)"
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
