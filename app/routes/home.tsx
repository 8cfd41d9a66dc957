export default function Home() { return <h1>Hi</h1>; }
