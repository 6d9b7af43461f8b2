import type { BlogPostPayload } from "~/schemas/blog-api";

/**
 * The two pre-written articles the one-off creator pages publish (/create-voice-blog and
 * /create-hiring-hub-post). Each has a fixed slug, so running a creator again updates its post
 * instead of adding a second one. Images are shipped in public/images/blog/creators/.
 */

const IMAGES = "/images/blog/creators";

export const voiceBlogPost = {
  title: "The Business Case for Voice AI Agents in Small and Medium Businesses",
  slug: "business-case-voice-ai-agents-smb",
  excerpt:
    "Missed calls cost small businesses real revenue. Here is what a voice AI agent costs, what it returns, and how it compares with answering services and extra staff.",
  featured_image: `${IMAGES}/voice-agent-hero.svg`,
  published: true,
  meta_title: "Voice AI Agents for SMBs: ROI, Costs and Competitive Analysis",
  meta_description:
    "A practical business case for voice AI agents in small and medium businesses: missed-call costs, a 12-month ROI model, and how AI compares with answering services and hiring.",
  content: `Every small business owner knows the sound of a phone ringing while both hands are busy. For a dental practice, a plumbing company or a law office, that unanswered call is rarely just a missed conversation: it is often a missed booking, and the caller simply tries the next name on the list.

Voice AI agents have matured to the point where they can answer those calls, understand what the caller needs, and get the job done: book the appointment, qualify the lead, answer the question about opening hours. This article lays out the business case in plain numbers.

![A voice AI agent answering a customer call and booking an appointment](${IMAGES}/voice-agent-hero.svg)

## The problem: calls that go nowhere

Industry surveys consistently find that small businesses miss between a quarter and a third of their inbound calls, and that most callers who reach voicemail do not leave a message. The calls that are missed are not random: they cluster at lunch, after 5 pm, on weekends, and during the busiest hours of the day, exactly when demand is highest.

Three things make this expensive:

- **Callers are ready to buy.** Someone phoning a service business usually has a need today. A web visitor may be browsing; a caller is choosing.
- **The cost of acquiring that call is already spent.** Advertising, listings and referrals all paid to make the phone ring.
- **Staff time is the scarcest resource.** Every call your team answers is time not spent on the customer in front of them.

## What a voice AI agent actually does

A modern voice agent is not a phone tree. It holds a natural conversation, and it is connected to the systems your business already uses:

1. **Answers every call within one ring**, day and night, in several languages.
2. **Books, moves and cancels appointments** directly in your calendar.
3. **Qualifies leads** with the questions your best salesperson would ask, and sends a summary to your CRM.
4. **Answers routine questions**: prices, directions, opening hours, what to bring.
5. **Hands over to a person** when the caller asks for one or the conversation needs judgement, with a transcript so nobody has to repeat themselves.

## The numbers: a 12-month ROI model

The model below uses conservative figures for a typical service business receiving about 600 calls a month. Replace them with your own; the structure holds.

![Chart comparing monthly revenue recovered by a voice AI agent with its monthly cost](${IMAGES}/voice-agent-roi.svg)

| Metric | Before | With a voice AI agent |
|---|---|---|
| Inbound calls per month | 600 | 600 |
| Calls answered | 420 (70%) | 594 (99%) |
| Calls converted to bookings (30% of answered) | 126 | 178 |
| Additional bookings per month | | 52 |
| Average value of a booking | $180 | $180 |
| Additional revenue per month | | $9,360 |
| Agent cost per month (platform and minutes) | | $900 |
| Receptionist overtime and answering service saved | | $1,200 |
| **Net monthly benefit** | | **$9,660** |
| One-off setup and integration | | $2,500 |
| **Payback period** | | **under 2 weeks** |
| **12-month return on investment** | | **about 850%** |

Even if you halve the conversion rate and the booking value, the agent still pays for itself within the first month. The biggest variable is not the technology; it is how many calls you are missing today, which your phone system can tell you.

### Benefits that do not show in the table

- **Consistency.** Every caller gets the same accurate answer and the same friendly tone, at 3 pm or 3 am.
- **Data.** Every conversation is transcribed and summarised, so you learn what customers actually ask for.
- **Calmer front desk.** Staff deal with the people in the room and the calls that need a human.

## Competitive analysis: the alternatives

A voice agent is one of four ways to handle the calls you miss today. Each has its place.

![Comparison of voice AI, answering services, extra staff and voicemail by cost and availability](${IMAGES}/voice-agent-landscape.svg)

| Option | Typical monthly cost | Availability | Can book and update systems | Scales with call volume |
|---|---|---|---|---|
| Voicemail | $0 | 24/7 | No | Yes, but most callers hang up |
| Outsourced answering service | $300 to $1,500 | 24/7 | Limited, usually takes messages | Cost rises per minute |
| Additional receptionist | $3,000 to $4,500 | Business hours | Yes | No, one call at a time |
| **Voice AI agent** | **$300 to $1,000** | **24/7** | **Yes, through integrations** | **Yes, many calls at once** |

**Answering services** are familiar and human, but most take a message rather than completing the task, and per-minute pricing punishes growth. **Another hire** brings judgement and warmth, but covers only one line during business hours and is the most expensive option by far. **Voicemail** is free and loses most of the callers it reaches.

A voice AI agent is strongest where volume is high and the requests are routine, which describes the majority of calls for most service businesses. The best results come from combining it with your team: the agent handles the repetitive 80% and routes the rest, with context, to a person.

## Where voice agents are not the right fit (yet)

Be honest about the limits. Highly emotional conversations, complex negotiations and calls that require professional judgement, such as a medical or legal assessment, belong with people. A good deployment recognises these moments and transfers the call immediately.

## Getting started in four steps

1. **Measure.** Pull three months of call logs: volume, missed calls, peak hours.
2. **Pick one job.** Start with appointment booking or after-hours coverage, where the return is easiest to see.
3. **Connect your systems.** Calendar first, then CRM and messaging.
4. **Review weekly.** Read transcripts, refine answers, and widen the agent's role as confidence grows.

## The bottom line

For most small and medium businesses, the question is no longer whether voice AI works; it is how much revenue is going to voicemail while you decide. With payback measured in weeks and costs below a single part-time hire, a voice agent is one of the clearest technology investments a growing business can make.

*Want to see the numbers for your business? [Schedule a free consultation](/schedule-consultation) and we will model your call data with you.*
`,
} satisfies BlogPostPayload;

export const hiringHubPost = {
  title: "Hiring Hub: Hire Faster and Fairer with AI-Powered Recruiting",
  slug: "hiring-hub-ai-powered-recruiting",
  excerpt:
    "Hiring Hub brings AI candidate matching, resume screening, interview scheduling, AI voice interviews and hiring analytics into one place, so small teams can hire like large ones.",
  featured_image: `${IMAGES}/hiring-hub.svg`,
  published: true,
  meta_title: "Hiring Hub: AI Candidate Matching, Screening and Voice Interviews",
  meta_description:
    "Meet Hiring Hub: AI candidate matching, resume screening, automated interview scheduling, AI voice interviews and hiring analytics for growing teams.",
  content: `<p>Hiring is one of the most important things a growing business does, and one of the most time-consuming. A single open role can attract hundreds of applications, and every one of them deserves a fair look. For a small team without a dedicated recruiter, that is weeks of screening, scheduling and chasing before the first real interview.</p>

<p><strong>Hiring Hub</strong> is our answer: an AI-powered recruiting platform that takes care of the repetitive work so your team can spend its time on the conversations that matter.</p>

<figure>
  <img src="${IMAGES}/hiring-hub.svg" alt="The Hiring Hub dashboard ranking candidates for an open role" width="1200" height="630" />
  <figcaption>Hiring Hub ranks applicants against the role and explains every match.</figcaption>
</figure>

<h2>Why hiring is harder than it should be</h2>

<ul>
  <li><strong>Volume.</strong> Posting a role on a few job boards can bring in hundreds of applications within days.</li>
  <li><strong>Time to hire.</strong> Good candidates are off the market within about ten days; slow processes lose them.</li>
  <li><strong>Consistency.</strong> When screening is rushed, decisions depend on who read the CV and when.</li>
  <li><strong>Scheduling.</strong> Finding a time that suits the candidate and three interviewers can take longer than the interview itself.</li>
</ul>

<h2>What Hiring Hub does</h2>

<h3>1. AI candidate matching</h3>
<p>Hiring Hub reads the job description and every application, and ranks candidates by how well their skills and experience fit the role. Each score comes with a short explanation, so you always know <em>why</em> a candidate ranks where they do.</p>

<h3>2. Resume screening</h3>
<p>Knock-out criteria such as work authorisation, required certifications or location are checked automatically. Screening is applied the same way to every applicant, and candidates' names, photos and other details unrelated to the job can be hidden from reviewers to reduce bias.</p>

<h3>3. Interview scheduling</h3>
<p>Shortlisted candidates receive a link to pick a time that works for them, based on the live calendars of everyone on the panel. Reminders, rescheduling and video links are handled for you.</p>

<h3>4. AI voice interviews</h3>
<p>For high-volume roles, candidates can complete a structured first-round interview with an AI voice interviewer at any hour that suits them. Every candidate gets the same questions, follow-ups adapt to their answers, and your team receives a transcript and a summary of each response.</p>

<h3>5. Hiring analytics</h3>
<p>See where candidates come from, how long each stage takes and where people drop out. Use the numbers to decide which job boards are worth paying for and which steps slow you down.</p>

<h2>What teams can expect</h2>

<table>
  <thead>
    <tr><th>Measure</th><th>Typical manual process</th><th>With Hiring Hub</th></tr>
  </thead>
  <tbody>
    <tr><td>Time spent screening 200 applications</td><td>15 to 20 hours</td><td>under 2 hours of review</td></tr>
    <tr><td>Time to schedule a first interview</td><td>3 to 5 days</td><td>same day</td></tr>
    <tr><td>Time to hire</td><td>6 to 8 weeks</td><td>3 to 4 weeks</td></tr>
    <tr><td>Candidates who receive a response</td><td>often fewer than half</td><td>every applicant</td></tr>
  </tbody>
</table>

<p>Figures are typical ranges from teams hiring for customer-facing and operational roles; your results depend on the role, the market and how your team uses the tools.</p>

<h2>People stay in charge</h2>

<p>Hiring Hub recommends; your team decides. No candidate is rejected by the AI alone, every ranking can be inspected and overridden, and all decisions are logged. Candidates are told when they are speaking with an AI interviewer, and can ask for a human instead.</p>

<blockquote>
  <p>"The best recruiting software gives time back to the people doing the hiring, and a better, faster experience to the people applying."</p>
</blockquote>

<h2>Who it is for</h2>

<ul>
  <li>Growing companies hiring several people a quarter without a full recruiting team.</li>
  <li>Businesses with high-volume roles in retail, hospitality, logistics and customer support.</li>
  <li>Agencies and HR teams who want consistent, well-documented screening.</li>
</ul>

<h2>Get started</h2>

<p>Hiring Hub works alongside the job boards and calendars you already use, and most teams post their first role within a day. <a href="/schedule-consultation">Schedule a consultation</a> to see it with your own open roles, or read more on the <a href="/products/hiring-hub">Hiring Hub product page</a>.</p>
`,
} satisfies BlogPostPayload;
